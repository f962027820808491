import type { RemoteTarget } from '@annie/contracts/routes';
import { SectionSpinner } from '@annie/ui/load-status/load-status';
import { Suspense, useEffect, useState } from 'react';
import { useRemoteRegistry } from '../api/use-remote-registry.ts';
import { BootIdleView, ReleaseBootIdleView } from '../boot/boot-idle-view.tsx';
import { NewVersionNotice } from './new-version-notice.tsx';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteLoadError } from './remote-load-error.tsx';
import {
  isRemoteRunning,
  lazyRemotePage,
  newerVersionOf,
  registerRegistryRemotes,
  takeFirstRoute,
} from './remote-modules.ts';
import { REMOTE_SECTIONS } from './remote-sections.ts';

/** The route whose first paint the API puts into app.html (api/src/modules/static/home-first-paint.ts). */
function isHome(target: RemoteTarget): boolean {
  return target.remote === 'voice' && target.page === 'realtime';
}

/**
 * One route's screen from a remote: waits for the registry, then loads the page with its own boundary.
 * Entering a route (but the page's first) asks the registry again; a remote not running yet waits for
 * that answer, so it loads the version active now. A remote already running stays as it is, with a
 * notice offering Reload when a newer version is active.
 */
export function RemotePage({ target }: { target: RemoteTarget }) {
  const registry = useRemoteRegistry();
  const [attempt, setAttempt] = useState(0);
  const [enteredAt] = useState(() => (takeFirstRoute() ? 0 : Date.now()));
  const outdated = registry.dataUpdatedAt < enteredAt;
  const { refetch } = registry;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);

  // The home page's loading state is the idle view app.html painted (when it has one), not a spinner.
  const loading = isHome(target) ? (
    <BootIdleView fallback={<SectionSpinner space="9" />} />
  ) : (
    <SectionSpinner space="9" />
  );
  if (registry.isPending) return loading;
  if (registry.isError) {
    return <RemoteLoadError error={registry.error} onRetry={() => void registry.refetch()} />;
  }
  if (outdated && !isRemoteRunning(target.remote)) return loading;
  registerRegistryRemotes(registry.data);
  if (!registry.data.remotes.some((remote) => remote.name === target.remote)) {
    return (
      <RemoteLoadError
        error={new Error(`The ${target.remote} remote is not in the remote registry.`)}
        onRetry={() => void registry.refetch()}
      />
    );
  }
  const Page = lazyRemotePage(target);
  const newer = newerVersionOf(registry.data, target.remote);
  return (
    <>
      {newer && (
        <NewVersionNotice
          section={REMOTE_SECTIONS[target.remote]}
          onReload={() => window.location.reload()}
        />
      )}
      <RemoteErrorBoundary
        key={attempt}
        onRetry={() => {
          // The registry may have moved on (a broken version rolled back): Retry loads what it names now.
          void registry.refetch().then(() => setAttempt((count) => count + 1));
        }}
      >
        <Suspense fallback={loading}>
          <Page />
          {isHome(target) && <ReleaseBootIdleView />}
        </Suspense>
      </RemoteErrorBoundary>
    </>
  );
}
