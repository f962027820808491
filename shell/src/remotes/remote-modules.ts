import type { ModuleRegistry } from '@annie/api-client/contracts/modules';
import { type RemoteTarget, remoteModuleId } from '@annie/api-client/contracts/routes';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

const registeredRemotes = new Set<string>();

/**
 * Hands the registry's remotes to the federation runtime; each remote is registered once per page load
 * (a later registry answer only adds remotes that were missing; a loaded remote is never swapped).
 */
export function registerRegistryRemotes(registry: ModuleRegistry): void {
  const fresh = registry.remotes.filter((remote) => !registeredRemotes.has(remote.name));
  if (fresh.length === 0) return;
  registerRemotes(fresh.map(({ name, entry }) => ({ name, entry })));
  for (const remote of fresh) registeredRemotes.add(remote.name);
}

function isComponent(value: unknown): value is ComponentType {
  // Function components and classes, or memo/forwardRef/lazy objects (they carry React's $$typeof).
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * Starts fetching a route's remote module ahead of its render (the federation runtime shares the load
 * with the render's own `loadRemote`, and keeps the module); a failure is left to that render to show.
 */
export function prefetchRemoteModule(target: RemoteTarget): void {
  loadRemote(remoteModuleId(target)).catch(() => {});
}

/** Fetches a remote module and picks the route's page from it; rejects when either is missing. */
export async function loadRemotePage(target: RemoteTarget): Promise<ComponentType> {
  const id = remoteModuleId(target);
  const loaded = await loadRemote<{ default?: unknown }>(id);
  if (!loaded) throw new Error(`${id} could not be loaded`);
  const exported = loaded.default;
  const page =
    target.module === './console'
      ? exported
      : typeof exported === 'object' && exported !== null
        ? (exported as Record<string, unknown>)[target.page]
        : undefined;
  if (!isComponent(page)) throw new Error(`${id} has no page "${target.page}"`);
  return page;
}

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The route's page as a React.lazy component, kept per page so moving between routes does not refetch.
 * A failed load is forgotten, so the next render (Retry) fetches again instead of replaying the error.
 */
export function lazyRemotePage(target: RemoteTarget): LazyExoticComponent<ComponentType> {
  const key = `${remoteModuleId(target)}#${target.page}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(() =>
      loadRemotePage(target).then(
        // Wrapped in a function component: a remote page may itself be React.lazy, and a lazy component
        // cannot resolve to another lazy one.
        (page) => ({ default: () => createElement(page) }),
        (error: unknown) => {
          lazyPages.delete(key);
          throw error;
        },
      ),
    );
    lazyPages.set(key, page);
  }
  return page;
}
