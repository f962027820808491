import { errorMessage } from '@annie/api-client/http';
import { useSimulateInboundText } from '@annie/api-client/sandbox/use-simulate-inbound-text';
import { useToast } from '@annie/ui/toast/toast';
import { useNavigate } from 'react-router-dom';

/** The sandbox panel's actions with their notices; a simulated text opens its thread to watch the draft arrive. */
export function useSandboxActions() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const inboundText = useSimulateInboundText();
  return {
    sending: inboundText.isPending,
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
          onError: (error) =>
            toast({
              title: 'Error',
              description: errorMessage(error, 'Failed to simulate the text'),
              variant: 'destructive',
            }),
        },
      );
    },
  };
}
