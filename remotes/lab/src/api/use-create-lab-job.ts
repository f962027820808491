import { callRoute } from '@annie/api-client/call-route';
import type { CreateLabJobRequest, LabJob } from '@annie/contracts/lab';
import { createLabJob as createLabJobRoute } from '@annie/contracts/lab-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** Queues a job {type, payload}: the queued job. */
export function createLabJob(request: CreateLabJobRequest): Promise<LabJob> {
  return callRoute(createLabJobRoute, { body: request });
}

/** Queues a lab job and refreshes the job list. */
export function useCreateLabJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLabJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labJobsQueryKey }),
  });
}
