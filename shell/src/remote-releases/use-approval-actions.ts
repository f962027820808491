import { errorMessage } from '@annie/api-client/http';
import type { RemoteName } from '@annie/contracts/remotes';
import { useToast } from '@annie/ui/toast/toast';
import { useApprovalMutations } from './api/use-approvals.ts';
import { REMOTE_LABELS } from './release-words.ts';
import type { usePasswordGate } from './use-password-gate.ts';

type Gate = ReturnType<typeof usePasswordGate>;

/** Approve and the token-approval switch, each behind the password gate and with its notice. */
export function useApprovalActions(gate: Gate) {
  const { toast } = useToast();
  const { approve, tokenApproves } = useApprovalMutations();
  const failed = (error: unknown, fallback: string) =>
    toast({ title: fallback, description: errorMessage(error, fallback), variant: 'destructive' });

  const actions = {
    pending: approve.isPending || tokenApproves.isPending,
    approve(remote: RemoteName, version: string, onDone: () => void) {
      gate.withGrant(() =>
        approve.mutate(
          { remote, version },
          {
            onSuccess: () => {
              toast({
                title: 'Approved',
                description: `${REMOTE_LABELS[remote]} ${version} may now reach every tenant's users`,
                variant: 'success',
              });
              onDone();
            },
            onError: (error) => {
              if (!gate.retryIfNeeded(error, () => actions.approve(remote, version, onDone)))
                failed(error, 'Failed to approve the version');
            },
          },
        ),
      );
    },
    setTokenApproves(remote: RemoteName, enabled: boolean) {
      gate.withGrant(() =>
        tokenApproves.mutate(
          { remote, enabled },
          {
            onSuccess: () =>
              toast({
                title: enabled ? 'Tokens approve their own versions' : 'Token versions wait for approval',
                description: enabled
                  ? `A ${REMOTE_LABELS[remote]} deploy token's promote now reaches every tenant by itself`
                  : `${REMOTE_LABELS[remote]} versions from a token reach other tenants only after approval`,
                variant: 'success',
              }),
            onError: (error) => {
              if (!gate.retryIfNeeded(error, () => actions.setTokenApproves(remote, enabled)))
                failed(error, 'Failed to change the setting');
            },
          },
        ),
      );
    },
  };
  return actions;
}
