import type { RemoteName } from '@annie/contracts/remotes';
import { afterAll, beforeEach } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { createPool } from '../../../db/pool.ts';

/**
 * A database of its own for the release service's unit tests (no app, no HTTP), emptied of releases
 * before each test, with readers of one remote's state row and audit trail.
 */
export async function releaseServiceDatabase(remote: RemoteName) {
  const database = await createTestDatabase();
  const pool = createPool(database.url, { max: 4 });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });
  beforeEach(async () => {
    await pool.query('delete from remote_state');
    await pool.query('delete from remote_audit');
  });
  const state = async () =>
    (
      await pool.query(
        'select active_version, canary_version, canary_percent, history, auto_rollback, active_armed from remote_state where remote = $1',
        [remote],
      )
    ).rows[0];
  const audits = async () =>
    (
      await pool.query(
        'select action, version, actor, detail from remote_audit where remote = $1 order by id',
        [remote],
      )
    ).rows;
  return { pool, state, audits };
}
