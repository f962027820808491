import type { RemoteTarget } from '@annie/api-client/contracts/routes';
import { useModuleRegistry } from '@annie/api-client/modules/use-module-registry';
import { Spinner } from '@annie/ui/spinner/spinner';
import { Flex } from '@radix-ui/themes';
import { Suspense, useState } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteLoadError } from './remote-load-error.tsx';
import { lazyRemotePage, registerRegistryRemotes } from './remote-modules.ts';

function PageSpinner() {
  return (
    <Flex justify="center" py="9">
      <Spinner size="3" />
    </Flex>
  );
}

/** One route's screen from a remote: waits for the registry, then loads the page with its own boundary. */
export function RemotePage({ target }: { target: RemoteTarget }) {
  const registry = useModuleRegistry();
  const [attempt, setAttempt] = useState(0);

  if (registry.isPending) return <PageSpinner />;
  if (registry.isError) {
    return <RemoteLoadError error={registry.error} onRetry={() => void registry.refetch()} />;
  }
  registerRegistryRemotes(registry.data);
  if (!registry.data.remotes.some((remote) => remote.name === target.remote)) {
    return (
      <RemoteLoadError
        error={new Error(`The ${target.remote} module is not in the module registry.`)}
        onRetry={() => void registry.refetch()}
      />
    );
  }
  const Page = lazyRemotePage(target);
  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((count) => count + 1)}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
