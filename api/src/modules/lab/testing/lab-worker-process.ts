// A lab worker in a process of its own, for tests that kill a worker mid-job (`node lab-worker-process.ts`
// with DATABASE_URL and AGT_* set). Prints "ready" once it is taking jobs.
import { loadConfig } from '../../../config/env.ts';
import { createPool } from '../../../db/pool.ts';
import { JobSender } from '../../../jobs/job-sender.ts';
import { JobWorkers } from '../../../jobs/job-workers.ts';
import { createLogger } from '../../../lib/logger.ts';
import { startLabWorker } from '../lab-worker.ts';

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is required');
const logger = createLogger(config.LOG_LEVEL);
const pool = createPool(config.DATABASE_URL);
await startLabWorker({
  config,
  logger,
  jobs: new JobSender(pool, config, logger),
  workers: new JobWorkers(pool, config, logger),
});
process.stdout.write('ready\n');
