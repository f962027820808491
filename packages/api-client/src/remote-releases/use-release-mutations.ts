import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivateReleaseRequest,
  type RemoteReleases,
  remoteReleasesSchema,
} from '../contracts/remote-releases.ts';
import type { RemoteName } from '../contracts/remotes.ts';
import { apiJson } from '../http.ts';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

/** POST /api/modules/releases/:remote/activate: a version for everyone, or a canary for a share of users. */
export async function activateRelease(
  remote: RemoteName,
  request: ActivateReleaseRequest,
): Promise<RemoteReleases> {
  const url = `/api/modules/releases/${encodeURIComponent(remote)}/activate`;
  return remoteReleasesSchema.parse(await apiJson<unknown>('POST', url, request));
}

/** POST /api/modules/releases/:remote/rollback: ends the canary, or returns to the version before. */
export async function rollbackRelease(remote: RemoteName): Promise<RemoteReleases> {
  const url = `/api/modules/releases/${encodeURIComponent(remote)}/rollback`;
  return remoteReleasesSchema.parse(await apiJson<unknown>('POST', url));
}

/** POST /api/modules/releases/:remote/auto-rollback: whether load failures roll a new version back. */
export async function setAutoRollback(remote: RemoteName, enabled: boolean): Promise<RemoteReleases> {
  const url = `/api/modules/releases/${encodeURIComponent(remote)}/auto-rollback`;
  return remoteReleasesSchema.parse(await apiJson<unknown>('POST', url, { enabled }));
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
