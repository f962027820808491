import { errorMessage } from '@annie/api-client/http';
import type { RemoteName } from '@annie/contracts/remotes';
import { useToast } from '@annie/ui/toast/toast';
import { useState } from 'react';
import { useDeployTokenMutations } from './api/use-deploy-tokens.ts';
import { REMOTE_LABELS } from './release-words.ts';
import type { usePasswordGate } from './use-password-gate.ts';

/**
 * Create (behind the password gate) and Revoke a deploy token, each with its notice; the new token's
 * secret is kept to show once.
 */
export function useTokenActions(gate: ReturnType<typeof usePasswordGate>) {
  const { toast } = useToast();
  const { create, revoke } = useDeployTokenMutations();
  const [created, setCreated] = useState<string | null>(null);
  const failed = (error: unknown, fallback: string) =>
    toast({ title: fallback, description: errorMessage(error, fallback), variant: 'destructive' });

  const actions = {
    created,
    pending: create.isPending || revoke.isPending,
    create(remote: RemoteName, name: string, expiresInDays: number | undefined) {
      const retry = () => actions.create(remote, name, expiresInDays);
      gate.withGrant(() =>
        create.mutate(
          { remote, name, expiresInDays },
          {
            onSuccess: (answer) => {
              setCreated(answer.token);
              toast({
                title: 'Deploy token created',
                description: `${name} can release ${REMOTE_LABELS[remote]}`,
                variant: 'success',
              });
            },
            onError: (error) => {
              if (!gate.retryIfNeeded(error, retry)) failed(error, 'Failed to create the token');
            },
          },
        ),
      );
    },
    revoke(id: string, name: string, onDone: () => void) {
      revoke.mutate(id, {
        onSuccess: () => {
          toast({
            title: 'Token revoked',
            description: `${name} is refused from now on`,
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => failed(error, 'Failed to revoke the token'),
      });
    },
  };
  return actions;
}
