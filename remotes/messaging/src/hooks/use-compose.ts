import { errorMessage } from '@annie/api-client/http';
import { getSmsThreadsByIds } from '@annie/api-client/sms/use-sms-threads';
import { useToast } from '@annie/ui/toast/toast';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSendSms } from '../api/use-sms-mutations.ts';

/**
 * New message: sends to a contact's number or a typed one, then opens the thread it went to (the
 * server's number, as E.164) with "Message sent!". A refusal is kept as text for the dialog to show.
 */
export function useCompose(onSent: () => void) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { mutate, isPending } = useSendSms();
  const [error, setError] = useState<string>();

  const send = useCallback(
    (to: string, body: string) => {
      setError(undefined);
      mutate(
        { to, body },
        {
          onSuccess: async ({ threadId }) => {
            const [thread] = await getSmsThreadsByIds([threadId]);
            onSent();
            toast({ title: 'Message sent!', variant: 'success' });
            navigate(thread ? `/sms/${encodeURIComponent(thread.phoneE164)}` : '/sms');
          },
          onError: (failure) => setError(errorMessage(failure, 'Failed to send message')),
        },
      );
    },
    [mutate, navigate, onSent, toast],
  );
  return { send, sending: isPending, error };
}
