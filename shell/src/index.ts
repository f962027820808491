// Every shared singleton of the host is eager (in app.js itself), so no async boundary (and no chunk to
// fetch after app.js) is needed. The start-up work is done in steps, each a task of its own with the
// browser let in between, rather than one long task that blocks the page: the federation runtime's start
// (app.js itself), then the app's modules layer by layer, then its first render, itself sliced
// (bootstrap.tsx). Each step only evaluates modules app.js already holds. The first screen's requests
// (the session's user, the registry, the page's remote) start half-way, as soon as the code that makes
// them has been evaluated, so they are answered while the rest is.

// A message to itself, not setTimeout: a timer in a background tab waits up to a second.
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start() {
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // Radix Themes and the toasts.
  await import(/* webpackMode: "eager" */ '@annie/ui/toast/toast');
  await nextTask();
  // zod, react-query, the contracts and the federation runtime's remote loading.
  await import(/* webpackMode: "eager" */ './boot/zod-without-eval.ts');
  const { startFetching } = await import(/* webpackMode: "eager" */ './remotes/start-fetching.ts');
  const queryClient = startFetching(window.location.pathname);
  await nextTask();
  // The router, the navigation chrome and the contracts of what it shows.
  await import(/* webpackMode: "eager" */ './app/authenticated-app.tsx');
  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './bootstrap.tsx');
  renderApp(queryClient);
}

void start();
