import type { RemoteReleases } from '@annie/contracts/remote-releases';
import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { Toaster } from '@annie/ui/toast/toast';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { forgetGrant } from './api/release-grant.ts';
import RemoteReleasesPage from './remote-releases-page.tsx';

const release = (version: string, loadErrors = 0) => ({
  remote: 'lab' as const,
  version,
  publishedBy: 'operator:ci',
  publishedAt: '2026-11-26T09:00:00.000Z',
  storage: 'database' as const,
  entry: `/remotes/lab/${version}/mf-manifest.json`,
  shared: [],
  exposes: ['./app'],
  loadErrors,
  servedUsers: 12,
  approvedBy: 'operator:ci',
  approvedAt: '2026-11-26T09:00:00.000Z',
});

const releases = (active: string | null): RemoteReleases => ({
  remotes: REMOTE_NAMES.map((remote) => ({
    remote,
    active: remote === 'lab' ? active : null,
    canary: null,
    previous: null,
    override: remote === 'voice' ? 'https://cdn.example.test/voice/mf-manifest.json' : null,
    autoRollback: true,
    tokenApproves: false,
    releases: remote === 'lab' ? [release('1.1.0', 4), release('1.0.0')] : [],
  })),
  reports: [
    {
      remote: 'lab',
      version: '1.1.0',
      message: 'Failed to fetch remoteEntry.js',
      counted: true,
      at: '2026-11-26T09:04:00.000Z',
    },
  ],
  audit: [
    {
      id: '1',
      remote: 'lab',
      action: 'auto-rollback',
      version: '1.1.0',
      actor: 'registry',
      detail: 'back to 1.0.0: 3 of the 12 users served it since its activation (25%) could not load it',
      at: '2026-11-26T09:05:00.000Z',
    },
  ],
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetGrant();
});

const NO_CHART = { remote: 'lab', bucket: 'hour', versions: [] };

const GRANT = { grant: 'grant-secret', expiresAt: new Date(Date.now() + 300_000).toISOString() };

/** The headers the stubbed fetch was sent for the POSTs to `path`. */
function headersSentTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => ((init as RequestInit | undefined)?.headers ?? {}) as Record<string, string>);
}

describe('the Remote releases screen', () => {
  it('shows each remote, its versions, load errors, the override and the audit log', async () => {
    stubFetch({
      'GET /api/remotes/releases': { status: 200, body: releases('1.0.0') },
      'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
      'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: NO_CHART },
    });
    renderWithProviders(<RemoteReleasesPage />);
    const lab = await screen.findByLabelText('Remote Lab');
    expect(screen.getByRole('heading', { name: 'Remote releases' })).toBeVisible();
    expect(within(lab).getByText('Active')).toBeInTheDocument();
    expect(within(lab).getByRole('row', { name: /1\.1\.0.*4/ })).toBeInTheDocument();
    expect(
      screen.getByText(
        'REMOTE_VOICE_ENTRY overrides the registry: everyone gets https://cdn.example.test/voice/mf-manifest.json',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'back to 1.0.0: 3 of the 12 users served it since its activation (25%) could not load it',
      ),
    ).toBeVisible();
    const reports = screen.getByLabelText('Load failures reported');
    expect(
      within(reports).getByRole('row', { name: /Lab 1\.1\.0.*Counted.*Failed to fetch remoteEntry\.js/ }),
    ).toBeVisible();
  });

  it('activates a version only after the confirm dialog, and says so', async () => {
    const fetched = stubFetch({
      'GET /api/remotes/releases': { status: 200, body: releases('1.0.0') },
      'POST /api/remotes/releases/:remote/activate': { status: 200, body: releases('1.1.0') },
      'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
      'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: NO_CHART },
    });
    renderWithProviders(
      <>
        <RemoteReleasesPage />
        <Toaster />
      </>,
    );
    const lab = await screen.findByLabelText('Remote Lab');
    await userEvent.click(within(lab).getAllByRole('button', { name: 'Activate' })[0] as HTMLElement);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Activate Lab 1.1.0 for everyone?')).toBeVisible();
    expect(fetched.requests('POST')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect((await screen.findAllByText('Everyone now gets Lab 1.1.0')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fetched.requests('POST').map((request) => [request.path, request.body])).toEqual([
      ['/api/remotes/releases/lab/activate', { version: '1.1.0' }],
    ]);
  });

  it('creates a deploy token, shows its secret once, and revokes one only after confirming', async () => {
    const token = {
      id: '6f1c2a9e-0000-4000-8000-000000000001',
      remote: 'knowledge',
      name: 'knowledge-ci',
      createdBy: 'admin',
      createdAt: '2026-11-26T09:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
    };
    const fetched = stubFetch({
      'GET /api/remotes/releases': { status: 200, body: releases('1.0.0') },
      'GET /api/remotes/tokens': { status: 200, body: { tokens: [token] } },
      'POST /api/remotes/tokens': { status: 201, body: { token: 'annie_deploy_secret', deployToken: token } },
      'POST /api/remotes/releases/confirm-password': { status: 200, body: GRANT },
      'POST /api/remotes/tokens/:id/revoke': { status: 204 },
    });
    renderWithProviders(
      <>
        <RemoteReleasesPage />
        <Toaster />
      </>,
    );
    const card = await screen.findByLabelText('Deploy tokens');
    await userEvent.type(within(card).getByPlaceholderText(`${REMOTE_NAMES[0]}-ci`), 'lab-ci');
    await userEvent.click(within(card).getByRole('button', { name: 'Create token' }));
    // Issuing a token needs the password again first.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(fetched.requests('POST')).toEqual([]);
    await userEvent.type(within(confirm).getByLabelText('Password'), 'my-password');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(card).findByLabelText('New deploy token')).toHaveTextContent('annie_deploy_secret');
    expect(headersSentTo(fetched.fetchMock, '/api/remotes/tokens')[0]).toMatchObject({
      'X-Release-Grant': 'grant-secret',
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(fetched.requests('POST').map((request) => request.path)).toEqual([
      '/api/remotes/releases/confirm-password',
      '/api/remotes/tokens',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(fetched.requests('POST').map((request) => [request.path, request.body])).toEqual([
        ['/api/remotes/releases/confirm-password', { password: 'my-password' }],
        ['/api/remotes/tokens', { remote: REMOTE_NAMES[0], name: 'lab-ci' }],
        [`/api/remotes/tokens/${token.id}/revoke`, undefined],
      ]),
    );
  });

  it('turns automatic rollback off for one remote', async () => {
    const fetched = stubFetch({
      'GET /api/remotes/releases': { status: 200, body: releases('1.0.0') },
      'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
      'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: NO_CHART },
      'POST /api/remotes/releases/:remote/auto-rollback': { status: 200, body: releases('1.0.0') },
    });
    renderWithProviders(<RemoteReleasesPage />);
    const lab = await screen.findByLabelText('Remote Lab');
    await userEvent.click(within(lab).getByRole('switch', { name: 'Automatic rollback' }));
    await waitFor(() =>
      expect(fetched.requests('POST').map((request) => [request.path, request.body])).toEqual([
        ['/api/remotes/releases/lab/auto-rollback', { enabled: false }],
      ]),
    );
  });

  it("reviews a token's version, what it changes, and approves it after the password", async () => {
    const waiting = releases('1.0.0');
    const lab = waiting.remotes.find((remote) => remote.remote === 'lab');
    if (lab)
      lab.releases[0] = {
        ...release('1.1.0'),
        publishedBy: 'token:lab-ci (6f1c2a9e)',
        approvedBy: null,
        approvedAt: null,
      };
    const fetched = stubFetch({
      'GET /api/remotes/releases': { status: 200, body: waiting },
      'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
      'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: NO_CHART },
      'GET /api/remotes/releases/:remote/versions/:version/changes': {
        status: 200,
        body: {
          remote: 'lab',
          version: '1.1.0',
          against: '1.0.0',
          publishedBy: 'token:lab-ci (6f1c2a9e)',
          publishedAt: '2026-11-26T09:00:00.000Z',
          approvedBy: null,
          files: {
            added: [{ path: 'static/js/new.js', size: 2048, previousSize: null }],
            removed: [],
            changed: [{ path: 'remoteEntry.js', size: 1200, previousSize: 1100 }],
            unchanged: 3,
          },
          shared: [{ name: 'zod', version: '4.1.0', previous: '4.0.0' }],
        },
      },
      'POST /api/remotes/releases/confirm-password': { status: 200, body: GRANT },
      'POST /api/remotes/releases/:remote/approve': { status: 200, body: releases('1.0.0') },
    });
    renderWithProviders(
      <>
        <RemoteReleasesPage />
        <Toaster />
      </>,
    );
    const card = await screen.findByLabelText('Remote Lab');
    expect(within(card).getByText('Awaiting approval: your organisation only')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Review' }));
    const review = await screen.findByRole('dialog', { name: 'Approve Lab 1.1.0 for every tenant?' });
    expect(
      await within(review).findByText(/by token:lab-ci \(6f1c2a9e\); compared with 1\.0\.0/),
    ).toBeVisible();
    const files = within(review).getByLabelText('Files changed');
    expect(within(files).getByRole('row', { name: /static\/js\/new\.js Added/ })).toBeVisible();
    expect(within(files).getByRole('row', { name: /remoteEntry\.js Changed 1,100 B 1,200 B/ })).toBeVisible();
    expect(within(review).getByLabelText('Shared singletons changed')).toHaveTextContent('zod 4.0.0 → 4.1.0');

    await userEvent.click(within(review).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(fetched.requests('POST')).toEqual([]);
    await userEvent.type(within(confirm).getByLabelText('Password'), 'my-password');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      (await screen.findAllByText("Lab 1.1.0 may now reach every tenant's users")).length,
    ).toBeGreaterThan(0);
    expect(fetched.requests('POST').map((request) => [request.path, request.body])).toEqual([
      ['/api/remotes/releases/confirm-password', { password: 'my-password' }],
      ['/api/remotes/releases/lab/approve', { version: '1.1.0' }],
    ]);
    expect(headersSentTo(fetched.fetchMock, '/api/remotes/releases/lab/approve')[0]).toMatchObject({
      'X-Release-Grant': 'grant-secret',
    });
  });

  it('never asks for the password in a page another window opened: it offers a fresh page', async () => {
    Object.defineProperty(window, 'opener', { value: window, configurable: true });
    try {
      const fetched = stubFetch({
        'GET /api/remotes/releases': { status: 200, body: releases('1.0.0') },
        'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
        'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: NO_CHART },
      });
      renderWithProviders(<RemoteReleasesPage />);
      const card = await screen.findByLabelText('Deploy tokens');
      await userEvent.type(within(card).getByPlaceholderText(`${REMOTE_NAMES[0]}-ci`), 'lab-ci');
      await userEvent.click(within(card).getByRole('button', { name: 'Create token' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
      expect(within(dialog).getByText(/Another window opened this page\./)).toBeVisible();
      expect(within(dialog).queryByLabelText('Password')).toBeNull();
      expect(within(dialog).getByRole('button', { name: 'Open a fresh page' })).toBeVisible();
      expect(fetched.requests('POST')).toEqual([]);
    } finally {
      Object.defineProperty(window, 'opener', { value: undefined, configurable: true });
    }
  });
});
