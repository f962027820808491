import type { RemoteName } from '@annie/contracts/remotes';
import { type RemoteTarget, ROUTE_TABLE } from '@annie/contracts/routes';
import { Theme } from '@radix-ui/themes';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FullPageSpinner } from '../spinner/spinner.tsx';
import { Toaster } from '../toast/toast.tsx';

/** A remote page on the path the shell's route table gives it. */
export type StandaloneRoute = { path: string; Page: ComponentType };

/** What a remote exposes: for each module (`./app`, `./console`), its pages by name. */
export type StandaloneModules = {
  readonly [M in RemoteTarget['module']]?: Readonly<Record<string, ComponentType>>;
};

/** The route table's routes of `remote`, each with its page taken from the remote's own modules. */
export function standaloneRoutes(remote: RemoteName, modules: StandaloneModules): StandaloneRoute[] {
  return ROUTE_TABLE.filter((route) => route.remote === remote).map((route) => {
    const Page = modules[route.module]?.[route.page];
    if (!Page) throw new Error(`The ${remote} remote's ${route.module} has no page named ${route.page}`);
    return { path: route.path, Page };
  });
}

/**
 * Mounts a remote's pages on the paths the shell's route table gives them, for development, with the
 * same providers the shell gives it when federated. Sign in through the shell first: the session cookie
 * is shared by every localhost port.
 */
export function renderStandaloneRemote(
  queryClient: QueryClient,
  remote: RemoteName,
  modules: StandaloneModules,
): void {
  const routes = standaloneRoutes(remote, modules);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray">
        <BrowserRouter>
          <Suspense fallback={<FullPageSpinner />}>
            <Routes>
              {routes.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Routes>
          </Suspense>
        </BrowserRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
}
