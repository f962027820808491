import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_SRC, checkedFiles, literalsOf, parse, SQL_STATEMENT } from '../testing/sql-source.ts';

// Each module declares the tables it owns (`<module>/tables.ts`; core's are in `db/tables.ts`), and a
// module's SQL names only its own tables: another module's data comes through that module's index.ts.
// Where one statement truly needs another module's table, the read is listed below with its reason.

/** A module: a folder under modules/ (or modules/voice/ for the voice area); 'core' for the rest. */
function ownerOf(path: string): string {
  const match = /^modules\/((?:voice\/)?[^/]+)\//.exec(path);
  return match?.[1] ?? 'core';
}

function owners(): Map<string, string> {
  const tableOwner = new Map<string, string>();
  const folders = [
    ...readdirSync(join(API_SRC, 'modules'))
      .filter((name) => name !== 'voice' && !name.endsWith('.ts'))
      .map((name) => name),
    ...readdirSync(join(API_SRC, 'modules/voice'))
      .filter((name) => !name.endsWith('.ts'))
      .map((name) => `voice/${name}`),
  ];
  const declarations: [string, string][] = [['core', 'db/tables.ts']];
  for (const folder of folders)
    if (existsSync(join(API_SRC, 'modules', folder, 'tables.ts')))
      declarations.push([folder, `modules/${folder}/tables.ts`]);
  for (const [owner, file] of declarations) {
    const text = readFileSync(join(API_SRC, file), 'utf8');
    const list = /export const tables = \[([^\]]*)\] as const/.exec(text)?.[1] ?? '';
    for (const [, table] of list.matchAll(/'([a-z_0-9]+)'/g)) {
      if (!table) continue;
      if (tableOwner.has(table))
        throw new Error(`${table} is declared by ${tableOwner.get(table)} and ${owner}`);
      tableOwner.set(table, owner);
    }
  }
  return tableOwner;
}

/** Tables every migration creates. */
function createdTables(): Set<string> {
  const created = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (dir.endsWith('/migrations') && entry.name.endsWith('.ts'))
        for (const [, table] of readFileSync(path, 'utf8').matchAll(
          /create table (?:if not exists )?"?([a-z_0-9]+)/g,
        ))
          if (table) created.add(table);
    }
  };
  visit(API_SRC);
  return created;
}

/** The tables a statement names after from, join, into, update (and `delete from`). */
export function tablesNamed(sql: string): string[] {
  return [...sql.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)/g)].flatMap(([, name]) =>
    name ? [name] : [],
  );
}

/**
 * Statements that name another module's table on purpose, each with its reason: `file` → table → why.
 * Kept short: a new entry needs a reason a reviewer accepts.
 */
export const CROSS_MODULE_READS: Record<string, Record<string, string>> = {
  'http/session/session.queries.ts': {
    app_user:
      "every request's session check joins its user (deleted? admin?); core cannot import the users module",
  },
  'modules/auth/auth-retention.queries.ts': {
    http_session: "sign-in's retention removes expired sessions: core owns the table but declares no rules",
  },
  'modules/contacts/contact.queries.ts': {
    sms_thread: "the contact list's page shows and searches each contact's thread in one keyset statement",
  },
  'modules/sms/sms-thread.queries.ts': {
    contact: "the thread list's page shows and searches each thread's contact in one keyset statement",
  },
  'modules/sms/sms-search.queries.ts': {
    contact: "a message search names each hit's thread by its contact, in the search's one statement",
  },
  'modules/sms/sms-thread.sql.ts': { contact: "the thread summary's contact, built in the same statement" },
  'modules/trust/trust-party.queries.ts': {
    app_user: "the verified number's owner, only if their account is not deleted: one indexed join",
  },
  'modules/usage/usage-ledger.queries.ts': { app_user: "the usage report's rows name each user" },
  'modules/voice/call-sessions/call-session.queries.ts': {
    contact:
      "Call History names each call's other party by the tenant's contact for the number, in the page's one statement",
    voice_conversation_message:
      "the abandoned-call sweep ends a call when its conversation's last message was",
  },
  'modules/voice/call-sessions/call-log.queries.ts': {
    contact:
      "Call Logs names, filters and searches each call's other party by the tenant's contact, in the page's one statement",
    voice_conversation_message:
      "Call Logs searches a browser call's words, which its voice conversation holds, in the page's one statement",
  },

  'sandbox/seed/seed-lab.ts': {
    lab_job: 'sandbox sample rows, written once with ids derived from the sample',
  },
  'sandbox/seed/seed-messaging.ts': {
    sms_message: 'sandbox sample rows, written once with ids derived from the sample',
  },
};

function crossReferences(tableOwner: Map<string, string>): string[] {
  const found: string[] = [];
  for (const path of checkedFiles()) {
    const owner = ownerOf(path);
    const sqlFile = path.endsWith('.queries.ts') || path.endsWith('.sql.ts');
    const texts = literalsOf(parse(path)).filter((text) => sqlFile || SQL_STATEMENT.test(text));
    const named = new Set(texts.flatMap(tablesNamed));
    for (const table of named) {
      const tableOwnerName = tableOwner.get(table);
      if (!tableOwnerName || tableOwnerName === owner) continue;
      if (CROSS_MODULE_READS[path]?.[table]) continue;
      found.push(`${path} (${owner}) names ${table} (${tableOwnerName})`);
    }
  }
  return found.sort();
}

describe('each module owns its tables', () => {
  const tableOwner = owners();

  it('reads the table a statement names', () => {
    expect(
      tablesNamed('select c.id from contact c join sms_thread t on t.phone_e164 = c.phone_e164'),
    ).toEqual(['contact', 'sms_thread']);
    expect(tablesNamed('update phone_call set ended_at = now() where id = $1')).toEqual(['phone_call']);
    expect(tablesNamed('insert into remote_audit (remote) values ($1)')).toEqual(['remote_audit']);
  });

  it('every table a migration creates is declared by exactly one module (or core), and no other', () => {
    const created = createdTables();
    expect([...created].filter((table) => !tableOwner.has(table)).sort()).toEqual([]);
    expect([...tableOwner.keys()].filter((table) => !created.has(table)).sort()).toEqual([]);
  });

  it("no module's SQL names another module's table, but the reads listed with a reason", () => {
    expect(crossReferences(tableOwner)).toEqual([]);
  });

  it('each listed cross-module read is still made (a stale entry is removed)', () => {
    const stale = Object.entries(CROSS_MODULE_READS).flatMap(([path, tables]) => {
      const named = new Set(literalsOf(parse(path)).flatMap(tablesNamed));
      return Object.keys(tables)
        .filter((table) => !named.has(table))
        .map((table) => `${path}: ${table}`);
    });
    expect(stale).toEqual([]);
  });
});
