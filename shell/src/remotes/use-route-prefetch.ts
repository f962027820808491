import { publicRouteFor } from '@annie/api-client/contracts/routes';
import { useModuleRegistry } from '@annie/api-client/modules/use-module-registry';
import { useEffect } from 'react';
import { prefetchRemoteModule, registerRegistryRemotes } from './remote-modules.ts';

/**
 * Fetches the registry and the page's remote module for the URL the app opened at while the session is
 * still being checked, instead of after it: the first screen waits for one round trip less. Admin-only
 * routes are left to their render, which knows who is signed in.
 */
export function useRoutePrefetch(pathname: string) {
  const registry = useModuleRegistry();
  useEffect(() => {
    if (!registry.data) return;
    const route = publicRouteFor(pathname);
    if (!route || !registry.data.remotes.some((remote) => remote.name === route.remote)) return;
    registerRegistryRemotes(registry.data);
    prefetchRemoteModule(route);
  }, [registry.data, pathname]);
}
