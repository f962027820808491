import type { CreateLabJobRequest, LabJob } from '@annie/api-client/contracts/lab';
import { useCreateLabJob } from '@annie/api-client/lab/use-create-lab-job';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useCallback } from 'react';

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
