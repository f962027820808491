import { LAB_JOB_SAMPLES, type LabJob } from '@annie/contracts/lab';
import { type StubRoutes, stubFetch } from './fetch-stub.ts';

const queued = {
  type: 'formulate',
  status: 'queued',
  payload: LAB_JOB_SAMPLES.formulate,
  result: null,
  error: null,
  attempts: 0,
  createdBy: '5d0c3b8a-1e2f-4a6b-9c7d-8e9f0a1b2c3d',
  createdAt: '2026-01-05T15:04:00.000Z',
  startedAt: null,
  finishedAt: null,
} satisfies Omit<LabJob, 'id'>;

/** A lab job as the API returns it: a queued formulation unless told otherwise (tests only). */
export function labJob(overrides: Partial<LabJob> & Pick<LabJob, 'id'>): LabJob {
  return { ...queued, ...overrides };
}

/** One job in each state, newest first, as GET /api/lab/jobs lists them (tests only). */
export const LAB_JOBS: LabJob[] = [
  labJob({
    id: '11111111-1111-4111-8111-111111111111',
    status: 'running',
    attempts: 1,
    startedAt: '2026-01-05T15:04:01.000Z',
  }),
  labJob({
    id: '22222222-2222-4222-8222-222222222222',
    type: 'compliance_check',
    status: 'succeeded',
    payload: LAB_JOB_SAMPLES.compliance_check,
    result: { regulation: 'EU REACH', compliant: false },
    attempts: 1,
    startedAt: '2026-01-05T15:04:01.000Z',
    finishedAt: '2026-01-05T15:04:03.000Z',
  }),
  labJob({
    id: '33333333-3333-4333-8333-333333333333',
    type: 'green_score',
    status: 'failed',
    payload: LAB_JOB_SAMPLES.green_score,
    error: 'The formula could not be parsed',
    attempts: 1,
  }),
  labJob({
    id: '44444444-4444-4444-8444-444444444444',
    type: 'supplier_search',
    payload: LAB_JOB_SAMPLES.supplier_search,
  }),
];

/** The id a job queued through the stub gets. */
export const NEW_LAB_JOB_ID = '55555555-5555-4555-8555-555555555555';

type LabApi = { jobs?: LabJob[]; createStatus?: number };

const notFound = { status: 404, body: { message: 'Lab job not found', code: 'not_found' } };

/**
 * The lab API's routes for component and hook tests: the job list, one job, creating (201, or
 * `createStatus` with the API's error body) and a succeeded job's export as `<type>-<date>.json`.
 */
export function labRoutes({ jobs = LAB_JOBS, createStatus = 201 }: LabApi = {}): StubRoutes {
  const find = (id: string | undefined) => jobs.find((job) => job.id === id);
  return {
    'GET /api/lab/jobs': { status: 200, body: jobs },
    'POST /api/lab/jobs': ({ body }) =>
      createStatus === 201
        ? { status: 201, body: labJob({ ...(body as Pick<LabJob, 'type' | 'payload'>), id: NEW_LAB_JOB_ID }) }
        : { status: createStatus, body: { message: 'boom', code: 'internal' } },
    'GET /api/lab/jobs/:id': ({ params }) => {
      const job = find(params.id);
      return job ? { status: 200, body: job } : notFound;
    },
    'GET /api/lab/jobs/:id/export': ({ params }) => {
      const job = find(params.id);
      if (!job) return notFound;
      if (job.status !== 'succeeded') {
        return {
          status: 409,
          body: { message: 'Only a succeeded lab job can be exported', code: 'conflict' },
        };
      }
      return new Response(JSON.stringify(job), {
        status: 200,
        headers: {
          'Content-Disposition': `attachment; filename="${job.type}-${job.createdAt.slice(0, 10)}.json"`,
        },
      });
    },
  };
}

/** Stubs fetch with the lab API alone (tests only). */
export function stubLabApi(options: LabApi = {}) {
  return stubFetch(labRoutes(options));
}
