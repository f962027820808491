// The probes a load balancer or orchestrator asks: is the process up, does the database answer.
import { z } from 'zod';
import { route } from './route.ts';

export const notReadySchema = z.object({
  status: z.literal('unavailable'),
  message: z.string(),
  code: z.literal('not_ready'),
});

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
  summary: 'The database answers',
  access: 'anonymous',
  responses: {
    200: { description: 'Ready', schema: z.object({ status: z.literal('ready') }) },
    503: { description: 'The database is not reachable', schema: notReadySchema },
  },
});
