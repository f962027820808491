import type { UpdatePhoneAccess } from '@annie/api-client/contracts/trust';
import { errorMessage } from '@annie/api-client/http';
import { useUpdatePhoneAccess } from '@annie/api-client/trust/use-phone-access';
import { useToast } from '@annie/ui/toast/toast';

/** Saves phone access with its notices: the server's reason when it refuses (wrong password, bad number). */
export function usePhoneAccessActions() {
  const { toast } = useToast();
  const update = useUpdatePhoneAccess();
  return {
    saving: update.isPending,
    save(request: UpdatePhoneAccess, onSaved: () => void) {
      update.mutate(request, {
        onSuccess: () => {
          toast({ title: 'Phone access saved', variant: 'success' });
          onSaved();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to save phone access'),
            variant: 'destructive',
          }),
      });
    },
  };
}
