import {
  createLabJobRequestSchema,
  LAB_JOB_EVENT,
  labJobListSchema,
  labJobSchema,
} from '@annie/api-client/contracts/lab';
import Router from '@koa/router';
import { z } from 'zod';
import type { DomainDeps } from '../../domain.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { liveStream } from '../../live/live-stream.ts';
import { toLabJobDto } from './lab-job.dto.ts';
import { createLabJob, exportLabJob, getLabJob, LAB_JOB_NOT_FOUND, listLabJobs } from './lab-job.service.ts';
import { labJobChannel } from './lab-live.ts';

/** The lab console's API: list, create, read, export and a live status stream of the tenant's jobs. */
export function labRoutes(
  deps: Pick<DomainDeps, 'pool' | 'jobs' | 'live' | 'connections'>,
): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/lab' });
  const streamJobEvents = liveStream(deps.live, [labJobChannel], deps.connections);

  defineRoute(
    router,
    {
      method: 'get',
      path: '/jobs',
      summary: "The tenant's newest lab jobs first",
      access: 'signed-in',
      responses: { 200: { description: 'The jobs', schema: labJobListSchema } },
    },
    async (ctx) => {
      ctx.body = (await listLabJobs(ctx.state.em)).map(toLabJobDto);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/jobs',
      summary: 'Queue a lab job (it starts as queued; the worker runs it)',
      access: 'signed-in',
      body: createLabJobRequestSchema,
      responses: { 201: { description: 'The queued job', schema: labJobSchema } },
    },
    async (ctx, { body, auth }) => {
      const { tenantId, userId } = auth;
      const job = await createLabJob(deps.pool, deps.jobs, { tenantId, userId }, body);
      ctx.status = 201;
      ctx.body = toLabJobDto(job);
    },
  );

  // Before /jobs/:id, which would otherwise take "events" for an id.
  defineRoute(
    router,
    {
      method: 'get',
      path: '/jobs/events',
      summary: "A server-sent event stream of the tenant's job status changes",
      description: `\`${LAB_JOB_EVENT}\` events carry \`{id, status}\`; \`resync\` means some may have been missed (read the list again).`,
      access: 'signed-in',
      responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
    },
    (ctx) => streamJobEvents(ctx, async () => {}),
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/jobs/:id',
      summary: "One of the tenant's lab jobs",
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: LAB_JOB_NOT_FOUND,
      responses: { 200: { description: 'The job', schema: labJobSchema } },
    },
    async (ctx, { params }) => {
      ctx.body = toLabJobDto(await getLabJob(ctx.state.em, params.id));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/jobs/:id/export',
      summary: 'A succeeded job as a JSON file named <type>-<YYYY-MM-DD>.json',
      access: 'signed-in',
      params: { id: z.uuid() },
      notFound: LAB_JOB_NOT_FOUND,
      responses: {
        200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
      },
      errors: { 409: 'Only a succeeded lab job can be exported' },
    },
    async (ctx, { params }) => {
      const { filename, content } = await exportLabJob(ctx.state.em, params.id);
      ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
      ctx.type = 'application/json';
      ctx.body = content;
    },
  );

  return router;
}
