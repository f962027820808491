import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { AppRoutes } from './app-routes.tsx';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const FALLBACK_SENTENCE = 'This section could not be loaded. The rest of AnnieAI keeps working.';
const registry = {
  remotes: REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json`, version: '1' })),
};

function page(title: string) {
  return () => <h1>{title}</h1>;
}

const modules: Record<string, unknown> = {
  'voice/console': { default: page('Voice Console page') },
  'voice/app': { default: { realtime: page('Voice page'), 'call-logs': page('Call History page') } },
  'messaging/app': { default: { threads: page('Messages page') } },
  'knowledge/app': { default: { knowledge: page('Knowledge page') } },
};

const loadRemoteMock = vi.mocked(loadRemote);

beforeEach(() => {
  stubFetch({ 'GET /api/remotes': { status: 200, body: registry } });
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id) => modules[id] ?? null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AppRoutes', () => {
  it('shows the 404 card to a non-admin at /voice/console and never fetches the console', async () => {
    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/voice/console' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('loads voice/console for an admin at /voice/console', async () => {
    renderWithProviders(<AppRoutes isAdmin />, { path: '/voice/console' });
    expect(await screen.findByRole('heading', { name: 'Voice Console page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('voice/console');
  });

  it("renders the route's page from the remote's ./app module", async () => {
    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/call-logs' });
    expect(await screen.findByRole('heading', { name: 'Call History page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('voice/app');
  });

  it('shows the 404 card for an unknown path', () => {
    renderWithProviders(<AppRoutes isAdmin />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it("shows a fallback only on the route whose remote is down; other remotes' routes still load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    loadRemoteMock.mockImplementation(async (id) => {
      if (id === 'messaging/app') throw new Error('RUNTIME-008: remote entry failed to load');
      return modules[id] ?? null;
    });
    const failing = renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/sms' });
    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByText(FALLBACK_SENTENCE)).toBeVisible();
    // The federation error is there for a bug report, but only behind the disclosure.
    expect(within(fallback).getByText('RUNTIME-008: remote entry failed to load')).not.toBeVisible();
    expect(within(fallback).getByText('Technical details')).toBeVisible();
    failing.unmount();

    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/knowledge' });
    expect(await screen.findByRole('heading', { name: 'Knowledge page' })).toBeInTheDocument();
  });

  it('retries a failed remote when Retry is pressed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let messagingUp = false;
    loadRemoteMock.mockImplementation(async (id) => {
      if (id === 'messaging/app' && !messagingUp) throw new Error('manifest 404');
      return modules[id] ?? null;
    });
    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/sms' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const attempts = loadRemoteMock.mock.calls.filter(([id]) => id === 'messaging/app').length;

    messagingUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeInTheDocument();
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'messaging/app').length).toBe(attempts + 1);
  });

  it('registered the registry’s remotes with the federation runtime once for all these routes', () => {
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith(
      registry.remotes.map(({ name, entry }) => ({ name, entry })),
    );
  });
});
