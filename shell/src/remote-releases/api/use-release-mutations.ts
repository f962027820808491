import { callRoute } from '@annie/api-client/call-route';
import type { ActivateReleaseRequest } from '@annie/contracts/remote-releases';
import {
  activateRemoteRelease,
  rollbackRemoteRelease,
  setRemoteAutoRollback,
} from '@annie/contracts/remote-releases-routes';
import type { RemoteName } from '@annie/contracts/remotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

/** A version for everyone, or a canary for a share of users. */
export function activateRelease(remote: RemoteName, request: ActivateReleaseRequest) {
  return callRoute(activateRemoteRelease, { params: { remote }, body: request });
}

/** Ends the canary, or returns to the version before. */
export function rollbackRelease(remote: RemoteName) {
  return callRoute(rollbackRemoteRelease, { params: { remote } });
}

/** Whether load failures roll a new version back. */
export function setAutoRollback(remote: RemoteName, enabled: boolean) {
  return callRoute(setRemoteAutoRollback, { params: { remote }, body: { enabled } });
}

/** Activate, Roll back and the automatic-rollback switch; the registry is read again after each. */
export function useReleaseMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: remoteReleasesQueryKey });
  const activate = useMutation({
    mutationFn: ({ remote, ...request }: ActivateReleaseRequest & { remote: RemoteName }) =>
      activateRelease(remote, request),
    onSettled,
  });
  const rollback = useMutation({ mutationFn: (remote: RemoteName) => rollbackRelease(remote), onSettled });
  const autoRollback = useMutation({
    mutationFn: ({ remote, enabled }: { remote: RemoteName; enabled: boolean }) =>
      setAutoRollback(remote, enabled),
    onSettled,
  });
  return { activate, rollback, autoRollback };
}
