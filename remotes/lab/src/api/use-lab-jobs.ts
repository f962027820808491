import { callRoute } from '@annie/api-client/call-route';
import type { LabJob } from '@annie/contracts/lab';
import { listLabJobs } from '@annie/contracts/lab-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query key of the lab job list; every lab query key starts with it, so invalidating it refreshes them all. */
export const labJobsQueryKey = [listLabJobs.path] as const;

/** The tenant's jobs, newest first. */
export function getLabJobs(signal?: AbortSignal): Promise<LabJob[]> {
  return callRoute(listLabJobs, {}, { signal });
}

/** Query options for the lab job list. */
export function labJobsQueryOptions() {
  return queryOptions({ queryKey: labJobsQueryKey, queryFn: ({ signal }) => getLabJobs(signal) });
}

/** The lab job list; kept current by useLabJobEvents rather than by polling. */
export function useLabJobs() {
  return useQuery(labJobsQueryOptions());
}
