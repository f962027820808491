import * as contract from '@annie/contracts/lab-routes';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { liveStream } from '../../live/live-stream.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, listLabJobs } from './lab-job.service.ts';
import { labJobChannel } from './lab-live.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(
  deps: Pick<DomainDeps, 'pool' | 'jobs' | 'live' | 'connections'>,
): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/lab' });
  const streamJobEvents = liveStream(deps.live, [labJobChannel], deps.connections);

  defineRoute(router, contract.listLabJobs, async (ctx) =>
    (await listLabJobs(ctx.state.em)).map(toLabJobDto),
  );

  defineRoute(router, contract.createLabJob, async (ctx, { body, auth }) => {
    const { tenantId, userId } = auth;
    const job = await createLabJob(deps.pool, deps.jobs, { tenantId, userId }, body);
    ctx.status = 201;
    return toLabJobDto(job);
  });

  // Before /jobs/:id, which would otherwise take "events" for an id.
  defineRoute(router, contract.labJobEvents, async (ctx) => {
    await streamJobEvents(ctx, async () => {});
  });

  defineRoute(router, contract.getLabJob, async (ctx, { params }) =>
    toLabJobDto(await getLabJob(ctx.state.em, params.id)),
  );

  defineRoute(router, contract.exportLabJob, async (ctx, { params }) => {
    const { filename, content } = await exportLabJob(ctx.state.em, params.id);
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'application/json';
    ctx.body = content;
  });

  return router;
}
