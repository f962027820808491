import { errorMessage } from '@annie/api-client/http';
import type { ResponsePreference } from '@annie/contracts/sms';
import { useToast } from '@annie/ui/toast/toast';
import { useMemo } from 'react';
import {
  useApproveSmsDraft,
  useRejectSmsDraft,
  useSendSms,
  useUpdateSmsThread,
} from '../api/use-sms-mutations.ts';

/**
 * Sending, the draft's Send and Reject, and the preference, each with a success notice or, on failure, Error with the server's reason (a fixed text when
 * it gives none).
 */
export function useThreadActions() {
  const { toast } = useToast();
  const send = useSendSms();
  const approve = useApproveSmsDraft();
  const reject = useRejectSmsDraft();
  const preference = useUpdateSmsThread();
  const { mutate: sendMutate } = send;
  const { mutate: approveMutate } = approve;
  const { mutate: rejectMutate } = reject;
  const { mutate: preferenceMutate } = preference;

  const actions = useMemo(() => {
    const success = (title: string) => () => toast({ title, variant: 'success' });
    const failed = (fallback: string) => (error: Error) =>
      toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
    return {
      sendMessage(to: string, body: string, onSent: () => void) {
        sendMutate(
          { to, body },
          {
            onSuccess: () => {
              onSent();
              toast({ title: 'Message sent!', variant: 'success' });
            },
            onError: failed('Failed to send message'),
          },
        );
      },
      sendDraft(threadId: string, draft: string) {
        approveMutate(
          { threadId, draft },
          { onSuccess: success('Draft sent!'), onError: failed('Failed to send message') },
        );
      },
      rejectDraft(threadId: string) {
        rejectMutate(threadId, {
          onSuccess: success('Draft rejected'),
          onError: failed('Failed to reject draft'),
        });
      },
      setPreference(threadId: string, responsePreference: ResponsePreference) {
        preferenceMutate(
          { threadId, responsePreference },
          { onSuccess: success('Preference updated'), onError: failed('Failed to update preference') },
        );
      },
    };
  }, [toast, sendMutate, approveMutate, rejectMutate, preferenceMutate]);

  return {
    ...actions,
    sending: send.isPending,
    decidingDraft: approve.isPending || reject.isPending,
  };
}
