import type { CreateLabJobRequest, LabJob } from '@annie/contracts/lab';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useCallback } from 'react';
import { useCreateLabJob } from '../api/use-create-lab-job.ts';

/** Queues a lab job with its notices: Job created (success) or Error / Failed to create job. */
export function useQueueLabJob() {
  const { toast } = useToast();
  const { mutate, isPending } = useCreateLabJob();
  const queue = useCallback(
    (request: CreateLabJobRequest, onQueued?: (job: LabJob) => void) => {
      mutate(request, {
        onSuccess: (job) => {
          toast({
            title: 'Job created',
            description: 'Lab job has been queued successfully',
            variant: 'success',
          });
          onQueued?.(job);
        },
        // This notice's text is fixed, whatever the server said.
        onError: () => toastError('Error', null, 'Failed to create job'),
      });
    },
    [mutate, toast],
  );
  return { queue, pending: isPending };
}
