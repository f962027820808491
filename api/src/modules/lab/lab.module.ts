import type { Pool } from '../../db/pool.ts';
import { agtClientFromConfig } from '../../providers/agt/agt-client.ts';
import type { FeatureModule } from '../feature-module.ts';
import { agtProxyRoutes } from './agt-proxy.routes.ts';
import { labRoutes } from './lab.routes.ts';
import { LabJobSchema } from './lab-job.entity.ts';
import { LabJobEventHub } from './lab-job-events.ts';
import { LabJobSender, labJobTiming } from './lab-queue.ts';
import { startLabWorker } from './lab-worker.ts';
import { Migration20261122010000_lab_jobs } from './migrations/Migration20261122010000_lab_jobs.ts';

// The event hubs of the apps built on each pool, so stopping the background work also ends open streams.
const hubs = new WeakMap<Pool, LabJobEventHub>();

/** Lab console jobs (API, status stream, pg-boss worker) and the chemistry provider proxy. */
export const labModule: FeatureModule = {
  name: 'lab',
  entities: [LabJobSchema],
  migrations: [{ name: 'Migration20261122010000_lab_jobs', class: Migration20261122010000_lab_jobs }],
  routes: ({ config, pool, logger }) => {
    const hub = new LabJobEventHub(pool, logger);
    hubs.set(pool, hub);
    const sender = new LabJobSender(pool, labJobTiming(config), logger);
    return [labRoutes({ pool, sender, hub }), agtProxyRoutes(agtClientFromConfig(config))];
  },
  startBackground: async (deps) => {
    const stopWorker = await startLabWorker(deps);
    return async () => {
      await hubs.get(deps.pool)?.close();
      await stopWorker();
    };
  },
};
