import { callRoute } from '@annie/api-client/call-route';
import type { LabJob } from '@annie/contracts/lab';
import { getLabJob as getLabJobRoute } from '@annie/contracts/lab-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** One job with its payload, result or error, and timings. */
export function getLabJob(id: string, signal?: AbortSignal): Promise<LabJob> {
  return callRoute(getLabJobRoute, { params: { id } }, { signal });
}

/** Query options for one job, keyed under the list's key. */
export function labJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...labJobsQueryKey, id] as const,
    queryFn: ({ signal }) => getLabJob(id, signal),
  });
}

/** One lab job. */
export function useLabJob(id: string) {
  return useQuery(labJobQueryOptions(id));
}
