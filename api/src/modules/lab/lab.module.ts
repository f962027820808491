import type { ApiModule } from '../../api-module.ts';
import { agtClientFromConfig } from '../../providers/agt/agt-client.ts';
import { agtProxyRoutes } from './agt-proxy.routes.ts';
import { labRoutes } from './lab.routes.ts';
import { LabJobSchema } from './lab-job.entity.ts';
import { labRetention } from './lab-retention.queries.ts';
import { labReconcileSchedule, startLabWorker } from './lab-worker.ts';
import { Migration20261122010000_lab_jobs } from './migrations/Migration20261122010000_lab_jobs.ts';

/** Lab console jobs (API, status stream, worker) and the chemistry provider proxy. */
export const labModule: ApiModule = {
  name: 'lab',
  entities: [LabJobSchema],
  retention: labRetention,
  migrations: [{ name: 'Migration20261122010000_lab_jobs', class: Migration20261122010000_lab_jobs }],
  create: (deps) => ({
    routers: [labRoutes(deps), agtProxyRoutes(agtClientFromConfig(deps.config))],
    start: () => startLabWorker(deps),
    schedules: [labReconcileSchedule(deps)],
  }),
};
