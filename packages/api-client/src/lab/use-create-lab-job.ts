import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateLabJobRequest, type LabJob, labJobSchema } from '../contracts/lab.ts';
import { apiJson } from '../http.ts';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** POST /api/lab/jobs {type, payload}: the queued job. */
export async function createLabJob(request: CreateLabJobRequest): Promise<LabJob> {
  return labJobSchema.parse(await apiJson<unknown>('POST', '/api/lab/jobs', request));
}

/** Queues a lab job and refreshes the job list. */
export function useCreateLabJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLabJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labJobsQueryKey }),
  });
}
