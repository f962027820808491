import { REMOTE_NAMES } from '@annie/api-client/contracts/remotes';
import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { useRoutePrefetch } from './use-route-prefetch.ts';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const registry = {
  remotes: REMOTE_NAMES.filter((name) => name !== 'lab').map((name) => ({
    name,
    entry: `/remotes/${name}/mf-manifest.json`,
    version: '1',
  })),
};

function Prefetching({ pathname }: { pathname: string }) {
  useRoutePrefetch(pathname);
  return null;
}

const loadRemoteMock = vi.mocked(loadRemote);

beforeEach(() => {
  stubFetch({ 'GET /api/modules': { status: 200, body: registry } });
  loadRemoteMock.mockReset();
  loadRemoteMock.mockResolvedValue({ default: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRoutePrefetch', () => {
  it("fetches the opened URL's remote module as soon as the registry is known", async () => {
    renderWithProviders(<Prefetching pathname="/sms/+447700900123" />);
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('messaging/app'));
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalled();
  });

  it('fetches nothing for an admin-only route, a path no route serves, or a remote not in the registry', async () => {
    for (const pathname of ['/voice/console', '/no/such/page', '/lab/jobs']) {
      const view = renderWithProviders(<Prefetching pathname={pathname} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      view.unmount();
    }
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('leaves a failed fetch to the route to report (no unhandled rejection)', async () => {
    loadRemoteMock.mockRejectedValue(new Error('RUNTIME-008: remote entry failed to load'));
    renderWithProviders(<Prefetching pathname="/" />);
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('voice/app'));
  });
});
