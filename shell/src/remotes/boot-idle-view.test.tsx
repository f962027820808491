import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/app-routes.tsx';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { startFetching } from './start-fetching.ts';

// app.html as the API sends it at / (api/src/modules/static/first-paint-markup.ts), before the app's modules run.
const idle = vi.hoisted(() => {
  document.body.innerHTML =
    '<div id="root"><div data-boot-idle="voice" data-assistant-name="Ada" aria-busy="true"><h2>Hello, I\'m Ada</h2></div></div>';
  return document.querySelector('[data-boot-idle]') as HTMLElement;
});

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const registry = {
  remotes: REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json`, version: '1' })),
};

describe("the home page's server-rendered idle view", () => {
  it('is the loading state of the home route (the same node, no spinner) until the voice page has mounted', async () => {
    stubFetch({ 'GET /api/remotes': { status: 200, body: registry } });
    let resolvePage: (module: unknown) => void = () => {};
    vi.mocked(loadRemote).mockImplementation(
      (id) =>
        new Promise((resolve) => {
          if (id === 'voice/app') resolvePage = resolve;
        }),
    );
    const { container } = renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/' });
    // Waiting for the registry, then for the remote: the painted view stays, moved into the route.
    await waitFor(() => expect(vi.mocked(loadRemote)).toHaveBeenCalledWith('voice/app'));
    expect(container.contains(idle)).toBe(true);
    expect(screen.getAllByRole('heading', { name: "Hello, I'm Ada" })).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();

    resolvePage({ default: { realtime: () => <h2>Voice page</h2> } });
    expect(await screen.findByRole('heading', { name: 'Voice page' })).toBeInTheDocument();
    expect(idle.isConnected).toBe(false);
    expect(screen.queryByRole('heading', { name: "Hello, I'm Ada" })).toBeNull();
  });

  it('gives the app the settings it was rendered with, so they are not fetched', async () => {
    const fetched = stubFetch({ 'GET /api/remotes': { status: 200, body: registry } });
    const queryClient = startFetching('/');
    expect(queryClient.getQueryData(['/api/settings'])).toEqual({ assistantName: 'Ada' });
    await waitFor(() =>
      expect(fetched.requests('GET').map((request) => request.path)).toContain('/api/remotes'),
    );
    expect(fetched.requests('GET').map((request) => request.path)).not.toContain('/api/settings');
  });
});
