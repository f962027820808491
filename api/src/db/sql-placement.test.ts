import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkedFiles, parse, SQL_STATEMENT, statementsIn } from '../testing/sql-source.ts';

// Where SQL lives (README "Data access"): hand-written statements are declared only in `*.queries.ts`
// (and in `api/src/db/` itself, migrations and tests), and only there are `tenantSql`, `userSql` and
// `plainSql` called. This reads every source file's string literals with the TypeScript parser, so a
// statement moved back into a service or a route fails here, whatever runs it (`pool.query`,
// `em.execute`, a client in a transaction).

/** The helpers that declare a statement: only queries files (and db/) call them. */
const DECLARING_HELPERS = new Set(['tenantSql', 'userSql', 'plainSql', 'ScopedSql', 'PlainSql']);

/**
 * Files outside `*.queries.ts` allowed to hold SQL, each with its reason. Kept short on purpose.
 */
export const SQL_OUTSIDE_QUERIES: Record<string, string> = {
  'live/live-hub.ts': "the live hub's LISTEN on its own connection: no table, the protocol itself",
  'live/live-channel.ts': "pg_notify, the live hub's protocol: no table",
  'sandbox/seed/seed-lab.ts':
    'sandbox sample rows with ids derived from the sample (insert … on conflict do nothing)',
  'sandbox/seed/seed-messaging.ts': 'sandbox sample rows with ids derived from the sample',
};

function declaringHelpersUsed(source: ts.SourceFile): string[] {
  const used: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.endsWith('/db/scoped-sql.ts')) continue;
    // A type (a retention rule's PlainSql on a module) declares nothing.
    if (statement.importClause?.isTypeOnly) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (!element.isTypeOnly && DECLARING_HELPERS.has((element.propertyName ?? element.name).text))
          used.push((element.propertyName ?? element.name).text);
  }
  return used;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start\s+transaction|savepoint)\b/i;

/**
 * Where a file opens a transaction by hand (`begin`/`commit` run through `.query`/`.execute`) or checks a
 * client out of a pool (`pool.connect()`), instead of `inTransaction` or `em.transactional`.
 */
function handRolledTransactions(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (
        (method === 'query' || method === 'execute') &&
        first &&
        (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) &&
        TRANSACTION_CONTROL.test(first.text)
      )
        found.push(first.text);
      if (method === 'connect' && /pool$/i.test(node.expression.expression.getText(source)))
        found.push('pool.connect()');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('SQL lives in *.queries.ts', () => {
  const files = checkedFiles();

  it('recognises statements and leaves prose alone', () => {
    expect(SQL_STATEMENT.test('select id from phone_call where id = $1')).toBe(true);
    expect(SQL_STATEMENT.test('\n  update call_session s\n  set ended_at = now()')).toBe(true);
    expect(SQL_STATEMENT.test('insert into remote_audit (remote) values ($1)')).toBe(true);
    expect(SQL_STATEMENT.test('delete from http_session where id = $1')).toBe(true);
    expect(SQL_STATEMENT.test('insert into lab_job returned no row')).toBe(false);
    expect(SQL_STATEMENT.test('Select a profile from the list')).toBe(false);
  });

  it('finds a statement written in a service', () => {
    const source = ts.createSourceFile(
      'x.service.ts',
      `await pool.query(\`update phone_call set ended_at = now() where id = $\{id}\`);`,
      ts.ScriptTarget.Latest,
      true,
    );
    expect(statementsIn(source)).toHaveLength(1);
  });

  it('no product file outside *.queries.ts (and db/) holds a statement, but the few listed with a reason', () => {
    const offenders = files
      .filter((path) => !path.endsWith('.queries.ts') && !(path in SQL_OUTSIDE_QUERIES))
      .flatMap((path) => statementsIn(parse(path)).map((text) => `${path}: ${text.trim().slice(0, 80)}`));
    expect(offenders).toEqual([]);
  });

  it('each exception still holds SQL (a stale entry is removed)', () => {
    const stale = Object.keys(SQL_OUTSIDE_QUERIES).filter((path) => statementsIn(parse(path)).length === 0);
    expect(stale).toEqual([]);
  });

  it('only *.queries.ts files declare statements (tenantSql, userSql, plainSql)', () => {
    const offenders = files
      .filter((path) => !path.endsWith('.queries.ts'))
      .flatMap((path) => declaringHelpersUsed(parse(path)).map((helper) => `${path}: ${helper}`));
    expect(offenders).toEqual([]);
  });

  it('transactions go through inTransaction or em.transactional: no hand-written begin, no pool.connect()', () => {
    const offenders = files.flatMap((path) =>
      handRolledTransactions(parse(path)).map((text) => `${path}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });
});
