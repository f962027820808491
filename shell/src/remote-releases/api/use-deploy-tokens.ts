import { callRoute } from '@annie/api-client/call-route';
import type { CreateDeployTokenRequest, DeployToken } from '@annie/contracts/remote-releases';
import {
  createDeployToken as createDeployTokenRoute,
  listDeployTokens,
  revokeDeployToken as revokeDeployTokenRoute,
} from '@annie/contracts/remote-releases-routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { grantHeaders } from './release-grant.ts';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

export const deployTokensQueryKey = [listDeployTokens.path] as const;

/** Every deploy token, never its secret. */
export async function getDeployTokens(signal?: AbortSignal): Promise<DeployToken[]> {
  return (await callRoute(listDeployTokens, {}, { signal })).tokens;
}

/** A token for one remote (with this page's grant); its secret is in this answer only. */
export function createDeployToken(request: CreateDeployTokenRequest) {
  return callRoute(createDeployTokenRoute, { body: request }, { headers: grantHeaders() });
}

/** Revokes a token (204). */
export async function revokeDeployToken(id: string): Promise<void> {
  await callRoute(revokeDeployTokenRoute, { params: { id } });
}

export function deployTokensQueryOptions() {
  return queryOptions({ queryKey: deployTokensQueryKey, queryFn: ({ signal }) => getDeployTokens(signal) });
}

/** The deploy tokens (the operator's administrators only). */
export function useDeployTokens() {
  return useQuery(deployTokensQueryOptions());
}

/** Create and Revoke; the tokens and the audit log are read again after either. */
export function useDeployTokenMutations() {
  const queryClient = useQueryClient();
  const onSettled = async () => {
    await queryClient.invalidateQueries({ queryKey: deployTokensQueryKey });
    await queryClient.invalidateQueries({ queryKey: remoteReleasesQueryKey });
  };
  const create = useMutation({ mutationFn: createDeployToken, onSettled });
  const revoke = useMutation({ mutationFn: revokeDeployToken, onSettled });
  return { create, revoke };
}
