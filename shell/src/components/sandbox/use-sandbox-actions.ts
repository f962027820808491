import { errorMessage } from '@annie/api-client/http';
import { useToast } from '@annie/ui/toast/toast';
import { useNavigate } from 'react-router-dom';
import { useSimulateInboundCall } from '../../api/use-simulate-inbound-call.ts';
import { useSimulateInboundText } from '../../api/use-simulate-inbound-text.ts';

/**
 * The sandbox panel's actions with their notices. A simulated text opens its thread (to watch the draft
 * arrive); a simulated call opens Call History, where the call shows as ongoing until the caller hangs up.
 */
export function useSandboxActions() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const inboundText = useSimulateInboundText();
  const inboundCall = useSimulateInboundCall();
  const failed = (fallback: string) => (error: Error) =>
    toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  return {
    sending: inboundText.isPending || inboundCall.isPending,
    simulateText(from: string, body: string, onDone: () => void) {
      inboundText.mutate(
        { from, body },
        {
          onSuccess: ({ phoneE164 }) => {
            toast({
              title: 'Text received',
              description: 'The assistant is drafting a reply.',
              variant: 'success',
            });
            onDone();
            navigate(`/sms/${encodeURIComponent(phoneE164)}`);
          },
          onError: failed('Failed to simulate the text'),
        },
      );
    },
    simulateCall(from: string, onDone: () => void) {
      inboundCall.mutate(
        { from },
        {
          onSuccess: () => {
            toast({
              title: 'Call answered',
              description: 'The assistant has picked up.',
              variant: 'success',
            });
            onDone();
            navigate('/call-logs');
          },
          onError: failed('Failed to simulate the call'),
        },
      );
    },
  };
}
