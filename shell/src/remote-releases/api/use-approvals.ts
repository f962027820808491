import { callRoute } from '@annie/api-client/call-route';
import {
  approveRemoteRelease,
  readReleaseChanges,
  setTokenApproves,
} from '@annie/contracts/remote-releases-routes';
import type { RemoteName } from '@annie/contracts/remotes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { grantHeaders } from './release-grant.ts';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

/** What a version changes against the active one (files with sizes, shared singletons, its publisher). */
export function useReleaseChanges(remote: RemoteName, version: string | null) {
  return useQuery({
    queryKey: [readReleaseChanges.path, remote, version],
    queryFn: ({ signal }) =>
      callRoute(readReleaseChanges, { params: { remote, version: version ?? '' } }, { signal }),
    enabled: version !== null,
  });
}

/** Approve a version, and let a remote's tokens approve their own: both with this page's grant. */
export function useApprovalMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: remoteReleasesQueryKey });
  const approve = useMutation({
    mutationFn: ({ remote, version }: { remote: RemoteName; version: string }) =>
      callRoute(approveRemoteRelease, { params: { remote }, body: { version } }, { headers: grantHeaders() }),
    onSettled,
  });
  const tokenApproves = useMutation({
    mutationFn: ({ remote, enabled }: { remote: RemoteName; enabled: boolean }) =>
      callRoute(setTokenApproves, { params: { remote }, body: { enabled } }, { headers: grantHeaders() }),
    onSettled,
  });
  return { approve, tokenApproves };
}
