import { createLabJobRequestSchema } from '@annie/api-client/contracts/lab';
import Router from '@koa/router';
import type { DomainDeps } from '../../domain.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { liveStream } from '../../live/live-stream.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, LAB_JOB_NOT_FOUND, listLabJobs } from './lab-job.service.ts';
import { labJobChannel } from './lab-live.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(deps: Pick<DomainDeps, 'pool' | 'jobs' | 'live'>): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/lab' });
  const auth = requireAuth();

  router.get('/jobs', auth, async (ctx) => {
    ctx.body = (await listLabJobs(ctx.state.em)).map(toLabJobDto);
  });

  router.post('/jobs', auth, async (ctx) => {
    const request = createLabJobRequestSchema.parse(ctx.request.body ?? {});
    const { tenantId, userId } = authOf(ctx);
    const job = await createLabJob(deps.pool, deps.jobs, { tenantId, userId }, request);
    ctx.status = 201;
    ctx.body = toLabJobDto(job);
  });

  // Before /jobs/:id, which would otherwise take "events" for an id.
  router.get('/jobs/events', auth, liveStream(deps.live, [labJobChannel]));

  router.get('/jobs/:id', auth, async (ctx) => {
    ctx.body = toLabJobDto(await getLabJob(ctx.state.em, uuidParam(ctx.params.id, LAB_JOB_NOT_FOUND)));
  });

  router.get('/jobs/:id/export', auth, async (ctx) => {
    const { filename, content } = await exportLabJob(
      ctx.state.em,
      uuidParam(ctx.params.id, LAB_JOB_NOT_FOUND),
    );
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'application/json';
    ctx.body = content;
  });

  return router;
}
