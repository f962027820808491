import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LabJob, labJobSchema } from '../contracts/lab.ts';
import { apiJson } from '../http.ts';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** GET /api/lab/jobs/:id: one job with its payload, result or error, and timings. */
export async function getLabJob(id: string, signal?: AbortSignal): Promise<LabJob> {
  const url = `/api/lab/jobs/${encodeURIComponent(id)}`;
  return labJobSchema.parse(await apiJson<unknown>('GET', url, undefined, { signal }));
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
