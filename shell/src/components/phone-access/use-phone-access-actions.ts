import type { UpdatePhoneAccess } from '@annie/api-client/contracts/trust';
import { errorMessage } from '@annie/api-client/http';
import {
  useClearPhoneLockout,
  useConfirmOwnNumber,
  useResendOwnNumberCode,
  useUpdatePhoneAccess,
} from '@annie/api-client/trust/use-phone-access';
import { useToast } from '@annie/ui/toast/toast';

/** Phone access changes with their notices: the server's reason when it refuses (wrong password or code, a taken number). */
export function usePhoneAccessActions() {
  const { toast } = useToast();
  const update = useUpdatePhoneAccess();
  const confirm = useConfirmOwnNumber();
  const resend = useResendOwnNumberCode();
  const clear = useClearPhoneLockout();
  const failed = (fallback: string) => (error: Error) =>
    toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
  return {
    saving: update.isPending,
    confirming: confirm.isPending,
    resending: resend.isPending,
    clearing: clear.isPending,
    save(request: UpdatePhoneAccess, onSaved: (waitingForCode: boolean) => void) {
      update.mutate(request, {
        onSuccess: (saved) => {
          const waiting = saved.unverifiedNumbers.length > 0;
          toast({
            title: 'Phone access saved',
            description: waiting ? 'Enter the code texted to each new number to confirm it.' : undefined,
            variant: 'success',
          });
          onSaved(waiting);
        },
        onError: failed('Failed to save phone access'),
      });
    },
    confirm(number: string, code: string, onConfirmed: () => void) {
      confirm.mutate(
        { number, code },
        {
          onSuccess: () => {
            toast({ title: 'Number confirmed', variant: 'success' });
            onConfirmed();
          },
          onError: failed('Failed to confirm the number'),
        },
      );
    },
    resend(number: string) {
      resend.mutate(
        { number },
        {
          onSuccess: () => toast({ title: 'New code sent', variant: 'success' }),
          onError: failed('Failed to send a new code'),
        },
      );
    },
    clearLockout(currentPassword: string) {
      clear.mutate(
        { currentPassword },
        {
          onSuccess: () => toast({ title: 'Lockout cleared', variant: 'success' }),
          onError: failed('Failed to clear the lockout'),
        },
      );
    },
  };
}
