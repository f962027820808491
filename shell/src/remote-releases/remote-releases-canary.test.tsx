import type { RemoteReleases } from '@annie/contracts/remote-releases';
import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { formatDateTime } from '@annie/ui/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { forgetGrant } from './api/release-grant.ts';
import RemoteReleasesPage from './remote-releases-page.tsx';

const PUBLISHED = '2026-11-26T09:00:00.000Z';
const PINNED = '2026-11-27T14:30:00.000Z';

const release = (version: string) => ({
  remote: 'lab' as const,
  version,
  publishedBy: 'operator:ci',
  publishedAt: PUBLISHED,
  storage: 'database' as const,
  entry: `/remotes/lab/${version}/mf-manifest.json`,
  shared: [],
  exposes: ['./app'],
  loadErrors: 0,
  servedUsers: 1,
  approvedBy: 'operator:ci',
  approvedAt: PUBLISHED,
});

const withCanary = (percent: number): RemoteReleases => ({
  remotes: REMOTE_NAMES.map((remote) => ({
    remote,
    active: remote === 'lab' ? '1.0.0' : null,
    canary: remote === 'lab' ? { version: '1.1.0', percent } : null,
    previous: null,
    override: null,
    autoRollback: true,
    tokenApproves: false,
    releases: remote === 'lab' ? [release('1.1.0'), release('1.0.0')] : [],
  })),
  reports: [],
  audit: [
    {
      id: '7',
      remote: 'lab',
      action: 'operator-tenant',
      version: null,
      actor: 'operator:ops',
      detail: `pinned tenant default at ${PINNED}`,
      at: PINNED,
    },
  ],
});

const CHART = {
  remote: 'lab',
  bucket: 'hour',
  versions: [
    { version: '1.1.0', since: PINNED, errors: 3, points: [{ at: '2026-11-27T15:00:00.000Z', errors: 3 }] },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  forgetGrant();
});

function stubReleases(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/remotes/releases': { status: 200, body: withCanary(10) },
    'GET /api/remotes/tokens': { status: 200, body: { tokens: [] } },
    'GET /api/remotes/releases/:remote/load-errors': { status: 200, body: CHART },
    ...extra,
  });
}

describe('the Remote releases screen in words', () => {
  it('names remotes, changes and people in words and writes every date one way, the audit detail included', async () => {
    stubReleases();
    renderWithProviders(<RemoteReleasesPage />);
    const lab = await screen.findByLabelText('Remote Lab');
    expect(within(lab).getByRole('heading', { name: 'Lab' })).toBeVisible();
    expect(within(lab).getByText('Canary: 10% of users')).toBeVisible();
    expect(within(lab).getAllByText(`${formatDateTime(PUBLISHED)} by ci (terminal)`)).toHaveLength(2);
    const audit = screen.getByLabelText('Audit log');
    expect(within(audit).getByText('Operator tenant changed')).toBeVisible();
    expect(within(audit).getByText(`pinned tenant default at ${formatDateTime(PINNED)}`)).toBeVisible();
    expect(document.body.textContent).not.toMatch(/\d{4}-\d\d-\d\dT/);
    expect(document.body.textContent).not.toMatch(/operator-tenant|auto-rollback/);
  });

  it('charts the load failures per version since activation', async () => {
    stubReleases();
    renderWithProviders(<RemoteReleasesPage />);
    const lab = await screen.findByLabelText('Remote Lab');
    const region = within(lab).getByRole('region', { name: 'Load failures per version' });
    const chart = await within(region).findByRole('img', { name: /Load failures per hour and version/ });
    expect(chart.querySelectorAll('circle[data-errors="3"]')).toHaveLength(1);
    expect(within(region).getByText(`1.1.0: 3 failures since ${formatDateTime(PINNED)}`)).toBeVisible();
  });

  it("sets the canary's share with the slider and promotes it, each after confirming", async () => {
    const fetched = stubReleases({
      'POST /api/remotes/releases/:remote/activate': { status: 200, body: withCanary(12) },
    });
    renderWithProviders(<RemoteReleasesPage />);
    const lab = await screen.findByLabelText('Remote Lab');
    const canary = within(lab).getByRole('group', { name: 'Canary 1.1.0' });
    expect(within(canary).getByRole('button', { name: 'Set share' })).toBeDisabled();
    const thumb = within(canary).getByRole('slider');
    thumb.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(canary).getByText(/served to/)).toHaveTextContent('served to 12% of users (now 10%)');
    await userEvent.click(within(canary).getByRole('button', { name: 'Set share' }));
    const share = await screen.findByRole('alertdialog');
    expect(within(share).getByText('Serve Lab 1.1.0 to 12% of users?')).toBeVisible();
    await userEvent.click(within(share).getByRole('button', { name: 'Set canary share' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await userEvent.click(within(lab).getByRole('button', { name: 'Promote to everyone' }));
    const promote = await screen.findByRole('alertdialog');
    expect(within(promote).getByText('Promote the canary Lab 1.1.0 to everyone?')).toBeVisible();
    await userEvent.click(within(promote).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(fetched.requests('POST').map((request) => [request.path, request.body])).toEqual([
        ['/api/remotes/releases/lab/activate', { version: '1.1.0', percent: 12 }],
        ['/api/remotes/releases/lab/activate', { version: '1.1.0' }],
      ]),
    );
  });

  it('copies the new token and the CI commands for its remote, and names it after the selected remote', async () => {
    const user = userEvent.setup();
    const deployToken = {
      id: '6f1c2a9e-0000-4000-8000-000000000001',
      remote: REMOTE_NAMES[0],
      name: `${REMOTE_NAMES[0]}-ci`,
      createdBy: 'admin',
      createdAt: PUBLISHED,
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
    };
    stubReleases({
      'POST /api/remotes/releases/confirm-password': {
        status: 200,
        body: { grant: 'g', expiresAt: new Date(Date.now() + 300_000).toISOString() },
      },
      'POST /api/remotes/tokens': { status: 201, body: { token: 'annie_deploy_secret', deployToken } },
    });
    renderWithProviders(<RemoteReleasesPage />);
    const card = await screen.findByLabelText('Deploy tokens');
    await user.type(within(card).getByPlaceholderText(`${REMOTE_NAMES[0]}-ci`), 'ci');
    await user.click(within(card).getByRole('button', { name: 'Create token' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(confirm).getByLabelText('Password'), 'pw');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await user.click(await within(card).findByRole('button', { name: 'Copy the token' }));
    expect(await navigator.clipboard.readText()).toBe('annie_deploy_secret');
    await user.click(within(card).getByRole('button', { name: 'Copy the commands' }));
    const commands = await navigator.clipboard.readText();
    expect(commands).toContain('export ANNIE_DEPLOY_TOKEN=annie_deploy_secret');
    expect(commands).toContain(`node scripts/release.mjs publish ${REMOTE_NAMES[0]} --version "$VERSION"`);
    expect(within(card).getByRole('button', { name: 'Copy the token' })).toHaveTextContent('Copied');
  });
});
