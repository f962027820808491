import { errorMessage } from '@annie/api-client/http';
import type { PhoneAccess, UpdatePhoneAccess } from '@annie/contracts/trust';
import { formatPhone } from '@annie/ui/format';
import { useToast } from '@annie/ui/toast/toast';
import {
  useClearPhoneLockout,
  useConfirmOwnNumber,
  useResendOwnNumberCode,
  useUpdatePhoneAccess,
} from '../../api/use-phone-access.ts';

/** What the caller does with the answer: a refusal is shown where it happened (the server's reason). */
type Outcome = { onDone?: (saved: PhoneAccess) => void; onError: (message: string) => void };

/**
 * Phone access changes. A refusal (a wrong code or password, a taken or landline number) goes back to
 * the part of the dialog that asked, shown inline beside it; a success is also said in a toast.
 */
export function usePhoneAccessActions() {
  const { toast } = useToast();
  const update = useUpdatePhoneAccess();
  const confirm = useConfirmOwnNumber();
  const resend = useResendOwnNumberCode();
  const clear = useClearPhoneLockout();
  const refused = (outcome: Outcome, fallback: string) => (error: Error) =>
    outcome.onError(errorMessage(error, fallback));
  return {
    saving: update.isPending,
    confirming: confirm.isPending,
    resending: resend.isPending,
    clearing: clear.isPending,
    save(request: UpdatePhoneAccess, outcome: Outcome) {
      update.mutate(request, {
        onSuccess: (saved) => {
          toast({ title: 'Phone access saved', variant: 'success' });
          outcome.onDone?.(saved);
        },
        onError: refused(outcome, 'Phone access was not saved'),
      });
    },
    /** Adds one number (texted a code) or removes one, keeping the others. */
    setNumbers(numbers: string[], change: 'added' | 'removed', outcome: Outcome) {
      update.mutate(
        { numbers },
        {
          onSuccess: (saved) => {
            toast({
              title: change === 'added' ? 'Number added' : 'Number removed',
              description: change === 'added' ? 'Enter the code texted to it to verify it.' : undefined,
              variant: 'success',
            });
            outcome.onDone?.(saved);
          },
          onError: refused(
            outcome,
            change === 'added' ? 'The number was not added' : 'The number was not removed',
          ),
        },
      );
    },
    confirm(number: string, code: string, outcome: Outcome) {
      confirm.mutate(
        { number, code },
        {
          onSuccess: (saved) => {
            toast({ title: 'Number verified', description: formatPhone(number), variant: 'success' });
            outcome.onDone?.(saved);
          },
          onError: refused(outcome, 'The number was not verified'),
        },
      );
    },
    resend(number: string, outcome: Outcome) {
      resend.mutate(
        { number },
        {
          onSuccess: (saved) => {
            toast({ title: 'New code sent', description: formatPhone(number), variant: 'success' });
            outcome.onDone?.(saved);
          },
          onError: refused(outcome, 'No new code was sent'),
        },
      );
    },
    clearLockout(currentPassword: string, outcome: Outcome) {
      clear.mutate(
        { currentPassword },
        {
          onSuccess: (saved) => {
            toast({ title: 'Lockout cleared', variant: 'success' });
            outcome.onDone?.(saved);
          },
          onError: refused(outcome, 'The lockout was not cleared'),
        },
      );
    },
  };
}

export type PhoneAccessActions = ReturnType<typeof usePhoneAccessActions>;
