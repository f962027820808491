import {
  createLabJobRequestSchema,
  LAB_JOB_EVENT,
  labJobListSchema,
  labJobSchema,
} from '@annie/api-client/contracts/lab';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../domain.ts';
import { type AppState, authOf } from '../../http/app-state.ts';
import { requireAuth } from '../../http/require-auth.ts';
import { uuidParam } from '../../lib/uuid-param.ts';
import { liveStream } from '../../live/live-stream.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, LAB_JOB_NOT_FOUND, listLabJobs } from './lab-job.service.ts';
import { labJobChannel } from './lab-live.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(
  deps: Pick<DomainDeps, 'pool' | 'jobs' | 'live' | 'connections'>,
): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/lab' });
  const auth = requireAuth();

  router.get(
    '/jobs',
    routeDoc({
      summary: "The tenant's newest lab jobs first",
      access: 'signed-in',
      responses: { 200: { description: 'The jobs', schema: labJobListSchema } },
    }),
    auth,
    async (ctx) => {
      ctx.body = (await listLabJobs(ctx.state.em)).map(toLabJobDto);
    },
  );

  router.post(
    '/jobs',
    routeDoc({
      summary: 'Queue a lab job (it starts as queued; the worker runs it)',
      access: 'signed-in',
      body: createLabJobRequestSchema,
      responses: { 201: { description: 'The queued job', schema: labJobSchema } },
    }),
    auth,
    async (ctx) => {
      const request = createLabJobRequestSchema.parse(ctx.request.body ?? {});
      const { tenantId, userId } = authOf(ctx);
      const job = await createLabJob(deps.pool, deps.jobs, { tenantId, userId }, request);
      ctx.status = 201;
      ctx.body = toLabJobDto(job);
    },
  );

  // Before /jobs/:id, which would otherwise take "events" for an id.
  router.get(
    '/jobs/events',
    routeDoc({
      summary: "A server-sent event stream of the tenant's job status changes",
      description: `\`${LAB_JOB_EVENT}\` events carry \`{id, status}\`; \`resync\` means some may have been missed (read the list again).`,
      access: 'signed-in',
      responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
    }),
    auth,
    liveStream(deps.live, [labJobChannel], deps.connections),
  );

  router.get(
    '/jobs/:id',
    routeDoc({
      summary: "One of the tenant's lab jobs",
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: { 200: { description: 'The job', schema: labJobSchema } },
    }),
    auth,
    async (ctx) => {
      ctx.body = toLabJobDto(await getLabJob(ctx.state.em, uuidParam(ctx.params.id, LAB_JOB_NOT_FOUND)));
    },
  );

  router.get(
    '/jobs/:id/export',
    routeDoc({
      summary: 'A succeeded job as a JSON file named <type>-<YYYY-MM-DD>.json',
      access: 'signed-in',
      params: { id: z.uuid() },
      responses: {
        200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
      },
      errors: { 409: 'Only a succeeded lab job can be exported' },
    }),
    auth,
    async (ctx) => {
      const { filename, content } = await exportLabJob(
        ctx.state.em,
        uuidParam(ctx.params.id, LAB_JOB_NOT_FOUND),
      );
      ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
      ctx.type = 'application/json';
      ctx.body = content;
    },
  );

  return router;
}
