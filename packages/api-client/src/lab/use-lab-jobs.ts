import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LabJob, labJobListSchema } from '../contracts/lab.ts';
import { apiJson } from '../http.ts';

/** Query key of the lab job list; every lab query key starts with it, so invalidating it refreshes them all. */
export const labJobsQueryKey = ['/api/lab/jobs'] as const;

/** GET /api/lab/jobs: the tenant's jobs, newest first. */
export async function getLabJobs(signal?: AbortSignal): Promise<LabJob[]> {
  return labJobListSchema.parse(await apiJson<unknown>('GET', '/api/lab/jobs', undefined, { signal }));
}

/** Query options for the lab job list. */
export function labJobsQueryOptions() {
  return queryOptions({ queryKey: labJobsQueryKey, queryFn: ({ signal }) => getLabJobs(signal) });
}

/** The lab job list; kept current by useLabJobEvents rather than by polling. */
export function useLabJobs() {
  return useQuery(labJobsQueryOptions());
}
