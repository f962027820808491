import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDeployTokenRequest,
  type CreatedDeployToken,
  createdDeployTokenSchema,
  type DeployToken,
  deployTokensSchema,
} from '../contracts/remote-releases.ts';
import { apiJson, apiRequest } from '../http.ts';
import { remoteReleasesQueryKey } from './use-remote-releases.ts';

export const deployTokensQueryKey = ['/api/modules/tokens'] as const;

/** GET /api/modules/tokens: every deploy token, never its secret. */
export async function getDeployTokens(signal?: AbortSignal): Promise<DeployToken[]> {
  return deployTokensSchema.parse(await apiJson<unknown>('GET', '/api/modules/tokens', undefined, { signal }))
    .tokens;
}

/** POST /api/modules/tokens: a token for one remote; its secret is in this answer only. */
export async function createDeployToken(request: CreateDeployTokenRequest): Promise<CreatedDeployToken> {
  return createdDeployTokenSchema.parse(await apiJson<unknown>('POST', '/api/modules/tokens', request));
}

/** POST /api/modules/tokens/:id/revoke (204). */
export async function revokeDeployToken(id: string): Promise<void> {
  await apiRequest('POST', `/api/modules/tokens/${encodeURIComponent(id)}/revoke`);
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
