import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { type RemoteTarget, remoteModuleId } from '@annie/contracts/routes';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { reportRemoteLoadError } from '../api/report-remote-load-error.ts';

/** Each remote as registered with the federation runtime in this page, and whether any of it has run. */
const registeredRemotes = new Map<string, { entry: string; version: string; loaded: boolean }>();

/**
 * Hands the registry's remotes to the federation runtime. A remote none of whose modules has loaded yet
 * follows the registry (a new activation replaces its entry, so the next route entered loads the new
 * version); one already running keeps its version for the life of the page, so no page mixes two
 * versions of a remote (`newerVersionOf` tells the page a newer one waits for a reload).
 */
export function registerRegistryRemotes(registry: RemoteRegistryResponse): void {
  const fresh = registry.remotes.filter((remote) => !registeredRemotes.has(remote.name));
  const moved = registry.remotes.filter((remote) => {
    const registered = registeredRemotes.get(remote.name);
    return registered && !registered.loaded && registered.entry !== remote.entry;
  });
  if (fresh.length > 0) registerRemotes(fresh.map(({ name, entry }) => ({ name, entry })));
  if (moved.length > 0) {
    registerRemotes(
      moved.map(({ name, entry }) => ({ name, entry })),
      { force: true },
    );
    for (const remote of moved) forgetPagesOf(remote.name);
  }
  for (const remote of [...fresh, ...moved])
    registeredRemotes.set(remote.name, { entry: remote.entry, version: remote.version, loaded: false });
}

/** The version the registry now names for `remote` when this page already runs an older one. */
export function newerVersionOf(registry: RemoteRegistryResponse, remote: string): string | undefined {
  const registered = registeredRemotes.get(remote);
  const listed = registry.remotes.find((candidate) => candidate.name === remote);
  if (!registered?.loaded || !listed || listed.entry === registered.entry) return undefined;
  return listed.version;
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
  loadRemote(remoteModuleId(target)).then(
    () => markLoaded(target.remote),
    () => {},
  );
}

function markLoaded(remote: string): void {
  const registered = registeredRemotes.get(remote);
  if (registered) registered.loaded = true;
}

let firstRouteShown = false;

/**
 * True once per page load: the first remote route rendered uses the registry fetched at start-up; every
 * later one asks it again (an activation since then must reach this page).
 */
export function takeFirstRoute(): boolean {
  const first = !firstRouteShown;
  firstRouteShown = true;
  return first;
}

/** Whether any remote's code has run in this page (the Remote releases screen then asks for a fresh one). */
export function anyRemoteRan(): boolean {
  return [...registeredRemotes.values()].some((remote) => remote.loaded);
}

/** Whether a module of `remote` already runs in this page (its version is then kept until a reload). */
export function isRemoteRunning(remote: string): boolean {
  return registeredRemotes.get(remote)?.loaded ?? false;
}

/** Fetches a remote module and picks the route's page from it; rejects when either is missing. */
export async function loadRemotePage(target: RemoteTarget): Promise<ComponentType> {
  const id = remoteModuleId(target);
  const loaded = await loadRemote<{ default?: unknown }>(id);
  if (!loaded) throw new Error(`${id} could not be loaded`);
  markLoaded(target.remote);
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

function forgetPagesOf(remote: string): void {
  for (const key of lazyPages.keys()) if (key.startsWith(`${remote}/`)) lazyPages.delete(key);
}

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
          const registered = registeredRemotes.get(target.remote);
          // The registry hears of it: a new version most users cannot load is rolled back.
          if (registered && !registered.loaded)
            void reportRemoteLoadError({
              remote: target.remote,
              version: registered.version,
              message: error instanceof Error ? error.message : String(error),
            });
          throw error;
        },
      ),
    );
    lazyPages.set(key, page);
  }
  return page;
}
