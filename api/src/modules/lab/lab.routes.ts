import * as contract from '@annie/contracts/lab-routes';
import Router from '@koa/router';
import type { ModuleDeps } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { liveStream } from '../../live/live-stream.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, listLabJobs } from './lab-job.service.ts';
import { labJobChannel } from './lab-live.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(deps: Pick<ModuleDeps, 'pool' | 'jobs' | 'live' | 'connections'>) {
  const streamJobEvents = liveStream(deps.live, [labJobChannel], deps.connections);

  // Before /jobs/:id, which would otherwise take "events" for an id.

  return defineRoutes(new Router<AppState>(), contract, {
    listLabJobs: async (ctx) => ({ status: 200, body: (await listLabJobs(ctx.state.em)).map(toLabJobDto) }),
    createLabJob: async (_ctx, { body, auth }) => {
      const { tenantId, userId } = auth;
      const job = await createLabJob(deps.pool, deps.jobs, { tenantId, userId }, body);
      return { status: 201, body: toLabJobDto(job) };
    },
    labJobEvents: async (ctx) => {
      await streamJobEvents(ctx, async () => {});
    },
    getLabJob: async (ctx, { params }) => ({
      status: 200,
      body: toLabJobDto(await getLabJob(ctx.state.em, params.id)),
    }),
    exportLabJob: async (ctx, { params }) => {
      const { filename, content } = await exportLabJob(ctx.state.em, params.id);
      ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
      ctx.type = 'application/json';
      return { status: 200, body: content };
    },
  });
}
