import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { haTopologyUp } from '../lib/ha-topology.ts';

// deploy/ha/restore.sh on the HA topology of deploy/ha/up.sh (etcd, two Patroni nodes, HAProxy, PgBouncer,
// pgBackRest): a write before the target time survives the restore, one after it does not, the restored
// cluster has its standby back and archives its new timeline. About two minutes, most of it Patroni.
const topology = await haTopologyUp();
afterAll(() => topology.down());
const direct = topology.env.DATABASE_DIRECT_URL ?? '';

async function query<Row extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: direct });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('point-in-time restore of the Patroni cluster (deploy/ha/restore.sh)', () => {
  it('keeps what was written before the target, drops what came after, and the cluster runs on', async () => {
    await query(
      'create table restore_probe (what text not null, at timestamptz not null default clock_timestamp())',
    );
    // pgBackRest restores from a backup whose stop time, in whole seconds, is before the target: up.sh's
    // full backup may stop in this very second, so the target comes a second later at least.
    await query('select pg_sleep(1.2)');
    await query("insert into restore_probe (what) values ('before')");
    const [target] = await query<{ at: string }>('select clock_timestamp()::text as at');
    // A commit strictly after the target, by the database's own clock.
    await query("select pg_sleep(0.2); insert into restore_probe (what) values ('after')");
    // `pgbackrest check` switches the WAL segment and waits until it is archived: the 'after' commit is in
    // the repository, so only the target keeps it out.
    topology.checkBackups();

    const said = topology.restore(target?.at ?? '');
    expect(said).toMatch(/^restored to .+ in \d+ ms \(node1 primary, node2 its standby\)$/);
    expect(
      (await query<{ what: string }>('select what from restore_probe order by at')).map((r) => r.what),
    ).toEqual(['before']);
    // The restored primary takes writes and archives its new timeline.
    await query("insert into restore_probe (what) values ('written after the restore')");
    expect(() => topology.checkBackups()).not.toThrow();
  }, 420_000);
});
