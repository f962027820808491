import { toastError } from '@annie/ui/toast/toast-error';
import { useProviderStatus, useRecheckProviders } from '../api/use-provider-status.ts';

/** The providers' state for the console, and "Check again" (a failure is a toast). */
export function useProviderChecks() {
  const status = useProviderStatus();
  const recheck = useRecheckProviders();
  return {
    status,
    rechecking: recheck.isPending,
    recheck: () =>
      recheck.mutate(undefined, {
        onError: (error) =>
          toastError('Failed to check the providers', error, 'Unable to check the providers'),
      }),
  };
}
