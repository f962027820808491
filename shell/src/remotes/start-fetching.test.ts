import { authUserQueryKey } from '@annie/api-client/auth/use-auth-user';
import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { authUser } from '@annie/test-fixtures/auth-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remoteRegistryQueryOptions } from '../api/use-remote-registry.ts';
import { startFetching } from './start-fetching.ts';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const registry = {
  remotes: REMOTE_NAMES.filter((name) => name !== 'lab').map((name) => ({
    name,
    entry: `/remotes/${name}/mf-manifest.json`,
    version: '1',
  })),
};
const user = authUser({ username: 'alex', email: 'alex@example.com' });

const loadRemoteMock = vi.mocked(loadRemote);

beforeEach(() => {
  stubFetch({
    'GET /api/remotes': { status: 200, body: registry },
    'GET /api/auth/user': { status: 200, body: user },
  });
  loadRemoteMock.mockReset();
  loadRemoteMock.mockResolvedValue({ default: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startFetching', () => {
  it("fetches the session's user, the registry and the opened URL's remote module into the app's client", async () => {
    const client = startFetching('/sms/+447700900123');
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('messaging/app'));
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalled();
    await waitFor(() => expect(client.getQueryData(authUserQueryKey)).toMatchObject({ username: 'alex' }));
    expect(client.getQueryData(remoteRegistryQueryOptions().queryKey)).toEqual(registry);
  });

  it('fetches no remote for an admin-only route, a path no route serves, or a remote not in the registry', async () => {
    for (const pathname of ['/voice/console', '/no/such/page', '/lab/jobs']) {
      const client = startFetching(pathname);
      await waitFor(() => expect(client.getQueryData(remoteRegistryQueryOptions().queryKey)).toBeDefined());
    }
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('leaves a failed fetch to the render to report (no unhandled rejection)', async () => {
    loadRemoteMock.mockRejectedValue(new Error('RUNTIME-008: remote entry failed to load'));
    startFetching('/');
    await waitFor(() => expect(loadRemoteMock).toHaveBeenCalledWith('voice/app'));
  });

  it('leaves a failed registry to the render too', async () => {
    stubFetch({ 'GET /api/remotes': { status: 503, body: { message: 'Service unavailable' } } });
    const client = startFetching('/');
    await waitFor(() =>
      expect(client.getQueryState(remoteRegistryQueryOptions().queryKey)?.status).toBe('error'),
    );
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });
});
