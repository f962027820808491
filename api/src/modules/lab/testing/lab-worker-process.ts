// A lab worker in a process of its own, for tests that kill a worker mid-job (`node lab-worker-process.ts`
// with DATABASE_URL and AGT_* set). Prints "ready" once it is taking jobs.
import { loadConfig } from '../../../config/env.ts';
import { createOrm } from '../../../db/orm.ts';
import { createPool } from '../../../db/pool.ts';
import { createLogger } from '../../../lib/logger.ts';
import { startLabWorker } from '../lab-worker.ts';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const orm = await createOrm(config.DATABASE_URL);
const pool = createPool(config.DATABASE_URL);
await startLabWorker(
  { config, orm, pool, logger: createLogger(config.LOG_LEVEL) },
  { reconcileIntervalMs: 600_000 },
);
process.stdout.write('ready\n');
