import { describe, expect, it } from 'vitest';
import { ormQueryable, plainSql, runPlain, runScoped, tenantSql, userSql } from './scoped-sql.ts';

// The edges a mutation run found untested: how a scoped statement may be spelt, what counts as an insert
// binding the scope, the messages a refused declaration gives, and the plain (unscoped) statements.

function recordingDb() {
  const calls: { text: string; values: unknown[] }[] = [];
  return {
    calls,
    query: async (text: string, values: unknown[]) => {
      calls.push({ text, values });
      return { rows: [] };
    },
  };
}

describe('scoped SQL, as it is spelt', () => {
  it('accepts the scope filters with or without spaces around "="', () => {
    expect(() => tenantSql('select 1 from contact where tenant_id=$1')).not.toThrow();
    expect(() => tenantSql('select 1 from contact where tenant_id\n  =\n  $1')).not.toThrow();
    expect(() => userSql('select 1 from note where tenant_id=$1 and user_id=$2')).not.toThrow();
    expect(() => userSql('select 1 from note where tenant_id = $1 and user_id\n  =  $2')).not.toThrow();
  });

  it('reads an insert however it is laid out: leading lines, several spaces, no spaces, any case', () => {
    const layouts = [
      '\n    insert into lab_job (tenant_id, id) values ($1, $2)',
      'INSERT  INTO  lab_job  (tenant_id, id)  VALUES  ($1, $2)',
      'insert\n  into\n  lab_job(tenant_id, id)values($1, $2)',
      'insert into lab_job\n  (tenant_id, id)\n  values\n  ($1, $2)',
    ];
    for (const text of layouts) expect(() => tenantSql(text), text).not.toThrow();
  });

  it('finds the scope among values that hold function calls with commas of their own', () => {
    expect(() =>
      tenantSql("insert into lab_job (payload, tenant_id) values (jsonb_build_object('a', $2), $1)"),
    ).not.toThrow();
    expect(() =>
      userSql('insert into note (body, tenant_id, user_id) values (coalesce($3, left($4, 10)), $1, $2)'),
    ).not.toThrow();
    // The same columns with the placeholders swapped write the scope into the wrong column.
    expect(() =>
      tenantSql("insert into lab_job (payload, tenant_id) values ($1, jsonb_build_object('a', $2))"),
    ).toThrow();
  });

  it('an insert quoted inside another statement binds nothing', () => {
    expect(() =>
      tenantSql("select * from lab_job where note = 'insert into lab_job (tenant_id) values ($1)'"),
    ).toThrow();
    // Wherever the quoted insert falls: here the text after its length reads `$1)`, as a values list would.
    expect(() =>
      tenantSql(
        "select * from lab_job where user_id in ($1) and note = 'insert into lab_job (tenant_id) values ($1)'",
      ),
    ).toThrow();
  });

  it('says which statement was refused, without its surrounding blank lines', () => {
    expect(() => tenantSql('\n  select * from contact\n')).toThrow(
      'Tenant SQL without "tenant_id = $1": select * from contact',
    );
    expect(() => userSql('\n  select * from note where tenant_id = $1\n')).toThrow(
      'User SQL without "tenant_id = $1" and "user_id = $2": select * from note where tenant_id = $1',
    );
  });

  it('binds only the scope when the statement has no values of its own', async () => {
    const db = recordingDb();
    await runScoped(db as never, { tenantId: 't1' }, tenantSql('delete from contact where tenant_id = $1'));
    expect(db.calls.map((call) => call.values)).toEqual([['t1']]);
  });

  it('on the ORM connection, binds $10 and beyond to their own values, and nothing when there are none', async () => {
    const executed: { sql: string; bound: unknown[] }[] = [];
    const em = {
      execute: async (sql: string, bound: unknown[]) => {
        executed.push({ sql, bound });
        return [];
      },
    };
    const values = Array.from({ length: 11 }, (_, index) => `v${index + 1}`);
    await ormQueryable(em as never).query('select $1, $10, $11', values);
    await ormQueryable(em as never).query('select 1');
    await ormQueryable(em as never).query('select $1');
    expect(executed).toEqual([
      { sql: 'select ?, ?, ?', bound: ['v1', 'v10', 'v11'] },
      { sql: 'select 1', bound: [] },
      // A placeholder without a value binds nothing (the database then refuses it), never a stray value.
      { sql: 'select ?', bound: [undefined] },
    ]);
  });
});

describe('plain (unscoped) SQL', () => {
  it('must say why it is not scoped; a blank reason is refused where it is declared', () => {
    expect(() => plainSql('', 'select * from tenant')).toThrow(
      'Plain SQL without a reason: select * from tenant',
    );
    expect(() => plainSql('   ', '\n select 1 \n')).toThrow('Plain SQL without a reason: select 1');
    const statement = plainSql('a sweep over every tenant', 'select 1');
    expect([statement.reason, statement.text]).toEqual(['a sweep over every tenant', 'select 1']);
  });

  it('runs with its values as they are, and with none when it has none', async () => {
    const db = recordingDb();
    await runPlain(db as never, plainSql('every tenant', 'select $1'), ['x']);
    await runPlain(db as never, plainSql('every tenant', 'select 1'));
    expect(db.calls).toEqual([
      { text: 'select $1', values: ['x'] },
      { text: 'select 1', values: [] },
    ]);
  });
});
