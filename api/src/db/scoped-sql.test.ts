import { describe, expect, it } from 'vitest';
import { ormQueryable, runScoped, tenantSql, userSql } from './scoped-sql.ts';

/** A stand-in for the pool that records what it was asked to run. */
function recordingDb() {
  const calls: { text: string; values: unknown[] }[] = [];
  return {
    calls,
    query: async (text: string, values: unknown[]) => {
      calls.push({ text, values });
      return { rows: [{ ok: true }] };
    },
  };
}

describe('scoped SQL', () => {
  it('refuses a statement that does not filter by the tenant where it is declared', () => {
    expect(() => tenantSql('select * from knowledge_note')).toThrow(/tenant_id = \$1/);
    expect(() => tenantSql('select * from knowledge_note where tenant_id = $12')).toThrow();
    expect(() => userSql('select * from conversation where tenant_id = $1')).toThrow(/user_id = \$2/);
  });

  it("accepts an insert only when it writes the scope as the row's tenant (and user)", () => {
    expect(() =>
      tenantSql('insert into lab_job (tenant_id, id, payload) values ($1, gen_random_uuid(), $2)'),
    ).not.toThrow();
    expect(() =>
      userSql(
        'insert into call_message (id, tenant_id, user_id, body) values (gen_random_uuid(), $1, $2, $3)',
      ),
    ).not.toThrow();
    expect(() => tenantSql('insert into lab_job (id, tenant_id) values ($1, $2)')).toThrow(/tenant_id = \$1/);
    expect(() => userSql('insert into call_message (tenant_id, user_id) values ($1, $3)')).toThrow(/user_id/);
    expect(() => tenantSql('insert into lab_job (id, payload) values ($1, $2)')).toThrow();
  });

  it('binds the scope first and the statement values after it', async () => {
    const db = recordingDb();
    const statement = tenantSql('select 1 from contact where tenant_id = $1 and id = $2');
    await runScoped(db as never, { tenantId: 't1' }, statement, ['c1']);
    const perUser = userSql('select 1 from conversation where tenant_id = $1 and user_id = $2 and id = $3');
    await runScoped(db as never, { tenantId: 't1', userId: 'u1' }, perUser, ['v1']);
    expect(db.calls.map((call) => call.values)).toEqual([
      ['t1', 'c1'],
      ['t1', 'u1', 'v1'],
    ]);
  });

  it('does not run without a tenant, or without a user where the data is personal', async () => {
    const db = recordingDb();
    const statement = tenantSql('select 1 from contact where tenant_id = $1');
    await expect(runScoped(db as never, { tenantId: '' }, statement)).rejects.toThrow(/without a tenant/);
    const perUser = userSql('select 1 from conversation where tenant_id = $1 and user_id = $2');
    await expect(runScoped(db as never, { tenantId: 't1' }, perUser)).rejects.toThrow(/without a user/);
    expect(db.calls).toEqual([]);
  });

  it("runs on the ORM's connection with its `?` placeholders, each bound to its `$n` value", async () => {
    const executed: { sql: string; bound: unknown[] }[] = [];
    const em = {
      execute: async (sql: string, bound: unknown[]) => {
        executed.push({ sql, bound });
        return [{ ok: true }];
      },
    };
    const statement = tenantSql(
      'update call_session set ended_at = $3 where tenant_id = $1 and id = $2 and $3 > started_at',
    );
    const rows = await runScoped(ormQueryable(em as never), { tenantId: 't1' }, statement, ['s1', 'later']);
    expect(rows).toEqual([{ ok: true }]);
    expect(executed).toEqual([
      {
        sql: 'update call_session set ended_at = ? where tenant_id = ? and id = ? and ? > started_at',
        bound: ['later', 't1', 's1', 'later'],
      },
    ]);
  });
});
