import { errorMessage } from '@annie/api-client/http';
import type { RemoteName } from '@annie/contracts/remotes';
import { useToast } from '@annie/ui/toast/toast';
import { useReleaseMutations } from './api/use-release-mutations.ts';
import { REMOTE_LABELS } from './release-words.ts';

/** Activate and Roll back on the Remote releases screen, each with its notice (the server's reason when refused). */
export function useReleaseActions() {
  const { toast } = useToast();
  const { activate, rollback, autoRollback } = useReleaseMutations();
  const failed = (error: unknown, fallback: string) =>
    toast({ title: fallback, description: errorMessage(error, fallback), variant: 'destructive' });

  return {
    pending: activate.isPending || rollback.isPending || autoRollback.isPending,
    setAutoRollback(remote: RemoteName, enabled: boolean) {
      autoRollback.mutate(
        { remote, enabled },
        {
          onSuccess: () =>
            toast({
              title: enabled ? 'Automatic rollback on' : 'Automatic rollback off',
              description: enabled
                ? `Load failures roll a new ${REMOTE_LABELS[remote]} version back by themselves`
                : `Load failures of ${REMOTE_LABELS[remote]} are only reported`,
              variant: 'success',
            }),
          onError: (error) => failed(error, 'Automatic rollback was not changed'),
        },
      );
    },
    activate(remote: RemoteName, version: string, percent: number | undefined, onDone: () => void) {
      activate.mutate(
        { remote, version, percent },
        {
          onSuccess: () => {
            toast({
              title: percent && percent < 100 ? 'Canary started' : 'Version activated',
              description:
                percent && percent < 100
                  ? `${REMOTE_LABELS[remote]} ${version} now reaches ${percent}% of users`
                  : `Everyone now gets ${REMOTE_LABELS[remote]} ${version}`,
              variant: 'success',
            });
            onDone();
          },
          onError: (error) => failed(error, 'The version was not activated'),
        },
      );
    },
    rollback(remote: RemoteName, onDone: () => void) {
      rollback.mutate(remote, {
        onSuccess: (releases) => {
          const state = releases.remotes.find((candidate) => candidate.remote === remote);
          toast({
            title: 'Rolled back',
            description: `Everyone now gets ${REMOTE_LABELS[remote]} ${state?.active ?? 'as deployed'}`,
            variant: 'success',
          });
          onDone();
        },
        onError: (error) => failed(error, 'Nothing was rolled back'),
      });
    },
  };
}
