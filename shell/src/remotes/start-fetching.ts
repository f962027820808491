import { authUserQueryOptions } from '@annie/api-client/auth/use-auth-user';
import { createQueryClient } from '@annie/api-client/query-client';
import { appSettingsQueryKey } from '@annie/api-client/settings/use-app-settings';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { publicRouteFor } from '@annie/contracts/routes';
import { appSettingsSchema } from '@annie/contracts/settings';
import type { QueryClient } from '@tanstack/react-query';
import { remoteRegistryQueryOptions } from '../api/use-remote-registry.ts';
import { idleViewAssistantName } from '../boot/boot-idle-view.tsx';
import { prefetchRemoteModule, registerRegistryRemotes } from './remote-modules.ts';

/**
 * Starts fetching the remote module of the page the app opened at. Admin-only routes are left to their
 * render, which knows who is signed in; so is a route whose remote the registry does not list.
 */
function prefetchRouteRemote(registry: RemoteRegistryResponse, pathname: string): void {
  const route = publicRouteFor(pathname);
  if (!route || !registry.remotes.some((remote) => remote.name === route.remote)) return;
  registerRegistryRemotes(registry);
  prefetchRemoteModule(route);
}

/**
 * The app's query client, with what the first screen needs already being fetched: the session's user,
 * the registry and, once it is known, the opened page's remote module. Called at start-up (index.ts)
 * before the rest of the app is evaluated and rendered, so those round trips overlap that work instead
 * of following it. A failure is left to the render, which reads the same queries and shows it.
 */
export function startFetching(pathname: string): QueryClient {
  const queryClient = createQueryClient();
  // The server-rendered idle view carries the settings (app.html then does not preload them): the
  // query useAppSettings reads (its key) starts with them instead of a request.
  const settings = appSettingsSchema.safeParse({ assistantName: idleViewAssistantName() });
  if (settings.success) queryClient.setQueryData(appSettingsQueryKey, settings.data);
  void queryClient.prefetchQuery(authUserQueryOptions());
  queryClient.fetchQuery(remoteRegistryQueryOptions()).then(
    (registry) => prefetchRouteRemote(registry, pathname),
    () => {},
  );
  return queryClient;
}
