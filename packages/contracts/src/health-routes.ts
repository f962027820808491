// The probes a load balancer or orchestrator asks: is the process up, does the database answer.
import { z } from 'zod';
import { route } from './route.ts';

/** The live work an instance carries, by kind (phone calls, Voice Console tests, browser calls measured). */
export const liveWorkSchema = z.record(z.string(), z.number().int().min(0));

export const notReadySchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('not_ready'),
});

/** SIGTERM arrived: the instance finishes its calls but takes no new ones (a balancer routes elsewhere). */
export const drainingSchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('draining'),
  live: liveWorkSchema,
});

export const readySchema = z.object({ status: z.literal('ready'), live: liveWorkSchema });

export const healthz = route({
  method: 'get',
  path: '/healthz',
  summary: 'The process is up',
  access: 'anonymous',
  responses: { 200: { description: 'Up', schema: z.object({ status: z.literal('ok') }) } },
});

export const readyz = route({
  method: 'get',
  path: '/readyz',
  summary: 'The database answers and the instance takes new work',
  description:
    'Ready answers the live work the instance carries (phone calls and more), for a balancer that routes on it. 503 while the database does not answer, or once the instance is draining (SIGTERM: it finishes its calls, takes no new ones).',
  access: 'anonymous',
  responses: {
    200: { description: 'Ready, with the live work', schema: readySchema },
    503: {
      description: 'The database is not reachable, or the instance is draining',
      schema: notReadySchema.or(drainingSchema),
    },
  },
});
