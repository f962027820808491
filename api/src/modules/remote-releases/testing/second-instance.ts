import { afterAll } from 'vitest';
import type { TestApp } from '../../../../test/test-app.ts';
import { createApp } from '../../../app.ts';
import { createOrm } from '../../../db/orm.ts';
import { createPool } from '../../../db/pool.ts';
import { createLogger } from '../../../lib/logger.ts';
import { ormSchema } from '../../../modules.ts';
import { closeGracefully, listen, portOf } from '../../../server.ts';

/**
 * A second API instance on the test app's database, with the same configuration and session key, and
 * its registry following changes through LISTEN, as in production (no other background work).
 * Stopped after the file's tests.
 */
export async function secondInstance(app: TestApp): Promise<{ baseUrl: string }> {
  const pool = createPool(app.databaseUrl);
  const orm = await createOrm(app.databaseUrl, ormSchema, { pool });
  const { app: koa, deps } = createApp({
    config: app.config,
    orm,
    pool,
    logger: createLogger('silent'),
    sessionKeys: ['test-session-key'],
  });
  const server = await listen(koa as never, 0, '127.0.0.1');
  const unlisten = await deps.remotes.listen(deps.live);
  afterAll(async () => {
    unlisten();
    await closeGracefully(server, 1_000);
    await deps.live.close();
    await pool.end();
    await orm.close();
  });
  return { baseUrl: `http://127.0.0.1:${portOf(server)}` };
}
