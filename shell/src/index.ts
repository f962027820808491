// Every shared singleton of the host is eager (in app.js itself, react-dom in the script the page runs
// just before it), so no async boundary (and no chunk to fetch after app.js) is needed. The start-up work
// is done in steps, each a task of its own with the browser let in between, rather than one long task
// that blocks the page: the federation runtime's start (app.js itself), then the app's modules layer by
// layer, then its first render, itself sliced (bootstrap.tsx). Each step only evaluates modules the two
// scripts already hold. The first screen's requests (the session's user, the registry, the page's remote)
// start half-way, as soon as the code that makes them has been evaluated, so they are answered while the
// rest is.

import { nextTask } from './boot/next-task.ts';

/** Evaluates each group of modules in a task of its own. */
async function inSteps(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await nextTask();
    await step();
  }
}

async function start() {
  await inSteps([
    () => import(/* webpackMode: "eager" */ 'react-dom/client'),
    // Radix Themes and the toasts.
    () => import(/* webpackMode: "eager" */ '@annie/ui/toast/toast'),
    // zod, the contracts of the first requests, react-query and the federation runtime's remote loading,
    // one step each (together they were one task of over 200 ms at Lighthouse's mobile CPU).
    () => import(/* webpackMode: "eager" */ './boot/zod-without-eval.ts'),
    () => import(/* webpackMode: "eager" */ '@annie/api-client/auth/use-auth-user'),
    () => import(/* webpackMode: "eager" */ '@annie/contracts/routes'),
    () => import(/* webpackMode: "eager" */ '@annie/api-client/query-client'),
    () => import(/* webpackMode: "eager" */ './remotes/remote-modules.ts'),
  ]);
  await nextTask();
  const { startFetching } = await import(/* webpackMode: "eager" */ './remotes/start-fetching.ts');
  const queryClient = startFetching(window.location.pathname);
  await inSteps([
    // The router and the navigation chrome, then the routes and the contracts of what they show.
    () => import(/* webpackMode: "eager" */ './components/layout/app-layout.tsx'),
    () => import(/* webpackMode: "eager" */ './app/authenticated-app.tsx'),
  ]);
  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './bootstrap.tsx');
  renderApp(queryClient);
}

void start();
