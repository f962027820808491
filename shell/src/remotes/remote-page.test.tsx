import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/app-routes.tsx';
import { renderWithProviders } from '../testing/render-with-providers.tsx';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const registryOf = (version: string) => ({
  remotes: REMOTE_NAMES.map((name) => ({
    name,
    entry: `/remotes/${name}/${version}/mf-manifest.json`,
    version,
  })),
});

function page(title: string) {
  return () => <h1>{title}</h1>;
}

const loadRemoteMock = vi.mocked(loadRemote);
const registerRemotesMock = vi.mocked(registerRemotes);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// One page load: the federation runtime's registrations and loaded remotes carry over from test to test.
describe('a remote moved to another version while the page is open', () => {
  it('keeps the version a running remote has, offering Reload; a remote not yet running loads the new one', async () => {
    stubFetch({ 'GET /api/remotes': { status: 200, body: registryOf('1.0.0') } });
    loadRemoteMock.mockImplementation(async (id) =>
      id === 'knowledge/app' ? { default: { knowledge: page('Knowledge 1.0.0') } } : null,
    );
    const first = renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/knowledge' });
    expect(await screen.findByRole('heading', { name: 'Knowledge 1.0.0' })).toBeInTheDocument();
    expect(screen.queryByText(/A new version of/)).toBeNull();
    first.unmount();

    stubFetch({ 'GET /api/remotes': { status: 200, body: registryOf('2.0.0') } });
    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/knowledge' });
    expect(await screen.findByText('A new version of the Knowledge Base is available')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Knowledge 1.0.0' })).toBeInTheDocument();
    // The running knowledge remote is not swapped; lab, never loaded, follows the registry.
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      expect.not.arrayContaining([expect.objectContaining({ name: 'knowledge' })]),
      { force: true },
    );
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      expect.arrayContaining([{ name: 'lab', entry: '/remotes/lab/2.0.0/mf-manifest.json' }]),
      { force: true },
    );
  });

  it('reports a remote that fails to load, with the version it was given', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetched = stubFetch({
      'GET /api/remotes': { status: 200, body: registryOf('2.0.0') },
      'POST /api/remotes/load-errors': { status: 202, body: { recorded: true } },
    });
    loadRemoteMock.mockImplementation(async (id) => {
      if (id === 'lab/app') throw new Error('RUNTIME-008: remote entry failed to load');
      return null;
    });
    renderWithProviders(<AppRoutes isAdmin={false} />, { path: '/lab/console' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetched.requests('POST').map((request) => request.body)).toEqual([
        { remote: 'lab', version: '2.0.0', message: 'RUNTIME-008: remote entry failed to load' },
      ]),
    );
  });
});
