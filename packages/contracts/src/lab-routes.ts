// The lab console's routes: the tenant's lab jobs (list, queue, read, export) and their live status stream.
import { z } from 'zod';
import { createLabJobRequestSchema, LAB_JOB_EVENT, labJobListSchema, labJobSchema } from './lab.ts';
import { route } from './route.ts';

const LAB_JOB_NOT_FOUND = 'Lab job not found';

export const listLabJobs = route({
  method: 'get',
  path: '/api/lab/jobs',
  summary: "The tenant's newest lab jobs first",
  access: 'signed-in',
  responses: { 200: { description: 'The jobs', schema: labJobListSchema } },
});

export const createLabJob = route({
  method: 'post',
  path: '/api/lab/jobs',
  summary: 'Queue a lab job (it starts as queued; the worker runs it)',
  access: 'signed-in',
  body: createLabJobRequestSchema,
  responses: { 201: { description: 'The queued job', schema: labJobSchema } },
});

export const labJobEvents = route({
  method: 'get',
  path: '/api/lab/jobs/events',
  summary: "A server-sent event stream of the tenant's job status changes",
  description: `\`${LAB_JOB_EVENT}\` events carry \`{id, status}\`; \`resync\` means some may have been missed (read the list again).`,
  access: 'signed-in',
  responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
});

export const getLabJob = route({
  method: 'get',
  path: '/api/lab/jobs/:id',
  summary: "One of the tenant's lab jobs",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: LAB_JOB_NOT_FOUND,
  responses: { 200: { description: 'The job', schema: labJobSchema } },
});

export const exportLabJob = route({
  method: 'get',
  path: '/api/lab/jobs/:id/export',
  summary: 'A succeeded job as a JSON file named <type>-<YYYY-MM-DD>.json',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: LAB_JOB_NOT_FOUND,
  responses: {
    200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
  },
  errors: { 409: 'Only a succeeded lab job can be exported' },
});
