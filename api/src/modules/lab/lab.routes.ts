import { createLabJobRequestSchema } from '@annie/api-client/contracts/lab';
import Router from '@koa/router';
import type { Pool } from '../../db/pool.ts';
import { type AppState, authOf } from '../auth/auth-context.ts';
import { requireAuth } from '../auth/require-auth.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, listLabJobs } from './lab-job.service.ts';
import type { LabJobEventHub } from './lab-job-events.ts';
import { labJobStream } from './lab-job-stream.ts';
import type { LabJobSender } from './lab-queue.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(deps: { pool: Pool; sender: LabJobSender; hub: LabJobEventHub }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/lab' });
  const auth = requireAuth();

  router.get('/jobs', auth, async (ctx) => {
    ctx.body = (await listLabJobs(ctx.state.em)).map(toLabJobDto);
  });

  router.post('/jobs', auth, async (ctx) => {
    const request = createLabJobRequestSchema.parse(ctx.request.body ?? {});
    const { tenantId, userId } = authOf(ctx);
    const job = await createLabJob(deps.pool, deps.sender, { tenantId, userId }, request);
    ctx.status = 201;
    ctx.body = toLabJobDto(job);
  });

  // Before /jobs/:id, which would otherwise take "events" for an id.
  router.get('/jobs/events', auth, labJobStream(deps.hub));

  router.get('/jobs/:id', auth, async (ctx) => {
    ctx.body = toLabJobDto(await getLabJob(ctx.state.em, ctx.params.id ?? ''));
  });

  router.get('/jobs/:id/export', auth, async (ctx) => {
    const { filename, content } = await exportLabJob(ctx.state.em, ctx.params.id ?? '');
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'application/json';
    ctx.body = content;
  });

  return router;
}
