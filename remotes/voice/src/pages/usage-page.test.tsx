import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UsagePage from './usage-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const engines = {
  from: '2026-10-31',
  to: '2026-11-29',
  profile: { id: '20000000-0000-4000-8000-000000000001', name: 'Front desk' },
  currency: 'EUR',
  engines: [
    {
      engine: 'realtime',
      calls: 12,
      minutes: 30.5,
      latency: { p50: 640, p95: 1210 },
      interruptionsPerMinute: 0.4,
      toolRuns: 9,
      toolFailures: 1,
      costPerMinute: 0.061,
    },
    {
      engine: 'live',
      calls: 3,
      minutes: 7,
      latency: { p50: 380, p95: 520 },
      interruptionsPerMinute: 0.9,
      toolRuns: 2,
      toolFailures: 0,
      costPerMinute: 0.052,
    },
  ],
};

const voiceProfile = {
  ...VOICE_PROFILE_DEFAULTS,
  agentId: 'default-agent',
  isSystemProfile: false,
  version: 1,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

const report = {
  currency: 'EUR',
  rows: [
    {
      period: '2026-11-03',
      userId: '10000000-0000-4000-8000-000000000001',
      username: 'alice',
      channel: 'twilio',
      calls: 2,
      minutes: 3.5,
      seconds: 210,
      texts: 0,
      tokens: 12000,
      cost: 0.4321,
    },
    {
      period: '2026-11-03',
      userId: null,
      username: null,
      channel: 'sms',
      calls: 0,
      minutes: 0,
      seconds: 0,
      texts: 4,
      tokens: 800,
      cost: 0.04,
    },
    {
      period: '2026-11-05',
      userId: '10000000-0000-4000-8000-000000000001',
      username: 'alice',
      channel: 'webrtc',
      calls: 1,
      minutes: 1.08,
      seconds: 65,
      texts: 0,
      tokens: 3000,
      cost: 0.1,
    },
  ],
  // Summed before rounding, as the budget's spend is.
  totals: { calls: 3, seconds: 275, texts: 4, tokens: 15800, cost: 0.57214 },
};
const latency = {
  from: '2026-11-01',
  to: '2026-11-29',
  days: [
    { date: '2026-11-03', calls: 2, p50: 640, p95: 1210 },
    { date: '2026-11-05', calls: 1, p50: 500, p95: 700 },
  ],
};
const empty = { currency: 'EUR', rows: [], totals: { calls: 0, seconds: 0, texts: 0, tokens: 0, cost: 0 } };
const settings = {
  currency: 'EUR',
  usdRate: 0.9,
  monthlyBudget: 10,
  hardStop: false,
  prices: {},
  defaults: { pricedOn: '2026-11-26', prices: {} },
};
const budget = {
  month: '2026-11',
  spent: 8.5,
  budget: 10,
  currency: 'EUR',
  ratio: 0.85,
  warning: true,
  stopped: false,
};

describe('UsagePage', { timeout: 20_000 }, () => {
  it('shows usage per period, user and channel with its total, the 80 % banner, and exports CSV', async () => {
    const api = stubFetch({
      'GET /api/usage': { status: 200, body: report },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: budget },
      'GET /api/call-sessions/engines': { status: 200, body: engines },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: latency },
      'GET /api/usage/export.csv': new Response('period\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="usage.csv"' },
      }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:usage');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderRoutedPage(<UsagePage />, '/voice/console');
    // Radix Themes puts a table's label on its wrapper.
    const table = within(await screen.findByLabelText('Usage')).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'PeriodUserChannelCallsMinutesTextsTokensCost',
      '2026-11-03alicePhone23:30012,000€0.4321',
      '2026-11-03SharedSMS00:004800€0.04',
      '2026-11-05aliceBrowser11:0503,000€0.10',
      'Total34:35415,800€0.5721',
    ]);
    // A phone gets the same rows as stacked cards, every figure kept.
    const cards = within(screen.getByRole('list', { name: 'Usage by period' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent(
      '2026-11-03alice · PhoneCalls2Minutes3:30Texts0Tokens12,000Cost€0.4321',
    );
    expect(await screen.findByRole('status', { name: 'Usage budget' })).toHaveTextContent(
      "85 % of this month's budget is spent (€8.50 of €10.00).",
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.requests().some(({ path }) => path === '/api/usage/export.csv')).toBe(true);
  });

  it('saves the budget and hard stop', async () => {
    const api = stubFetch({
      'GET /api/usage': { status: 200, body: empty },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: { ...latency, days: [] } },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: { ...budget, warning: false, ratio: 0.1 } },
      'GET /api/call-sessions/engines': { status: 200, body: { ...engines, engines: [] } },
      'PUT /api/usage/settings': ({ body }) => ({
        status: 200,
        body: { ...(body as object), defaults: settings.defaults },
      }),
    });
    const { user } = renderRoutedPage(<UsagePage />, '/voice/console');
    expect(await screen.findByText('No usage yet')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Usage budget' })).not.toBeInTheDocument();
    const budgetField = await screen.findByLabelText('Monthly budget');
    await user.clear(budgetField);
    await user.type(budgetField, '25');
    await user.click(screen.getByRole('switch'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests().find(({ method }) => method === 'PUT')?.body).toEqual({
        currency: 'EUR',
        usdRate: 0.9,
        monthlyBudget: 25,
        hardStop: true,
        prices: {},
      }),
    );
  });

  it('charts calls, minutes and cost per day with a point per day, and latency median and p95', async () => {
    stubFetch({
      'GET /api/usage': { status: 200, body: report },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: latency },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: budget },
      'GET /api/call-sessions/engines': { status: 200, body: engines },
    });
    renderRoutedPage(<UsagePage />, '/voice/console');
    const points = (name: string) =>
      [...screen.getByRole('figure', { name }).querySelectorAll('circle')].map(
        (circle) => circle.textContent,
      );
    await screen.findByRole('figure', { name: 'Calls per day' });
    expect(points('Calls per day')).toEqual(['Nov 3: 2', 'Nov 5: 1']);
    expect(points('Minutes per day')).toEqual(['Nov 3: 3:30', 'Nov 5: 1:05']);
    expect(points('Cost per day')).toEqual(['Nov 3: €0.4721', 'Nov 5: €0.10']);
    expect(
      screen.getByRole('img', { name: /^Calls per day: 2 periods from Nov 3 to Nov 5, highest 2$/ }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Response time per day' })).toBeInTheDocument();
    expect(points('Response time per day')).toEqual([
      'Nov 3: Median 640 ms',
      'Nov 5: Median 500 ms',
      'Nov 3: 95th percentile 1.21 s',
      'Nov 5: 95th percentile 700 ms',
    ]);
  });

  it('Change budget on the banner takes the focus to the budget box', async () => {
    stubFetch({
      'GET /api/usage': { status: 200, body: report },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: latency },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: budget },
      'GET /api/call-sessions/engines': { status: 200, body: engines },
    });
    const { user } = renderRoutedPage(<UsagePage />, '/voice/console');
    const banner = await screen.findByRole('status', { name: 'Usage budget' });
    await screen.findByLabelText('Monthly budget');
    await user.click(within(banner).getByRole('button', { name: 'Change budget' }));
    expect(screen.getByLabelText('Monthly budget')).toHaveFocus();
  });

  it('compares the two engines side by side: calls, response times, interruptions, tool failures, cost a minute', async () => {
    stubFetch({
      'GET /api/usage': { status: 200, body: empty },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: { ...latency, days: [] } },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: { ...budget, warning: false, ratio: 0.1 } },
      'GET /api/call-sessions/engines': { status: 200, body: engines },
    });
    renderRoutedPage(<UsagePage />, '/voice/console');
    const table = within(await screen.findByLabelText('Engines compared')).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Realtime', '12', '640 ms', '1.21 s', '0.4', '1 of 9', '€0.061'],
      ['GPT-Live', '3', '380 ms', '520 ms', '0.9', '0 of 2', '€0.052'],
    ]);
  });

  it('compares the engines for the profile picked, the default profile at first', async () => {
    const profile = (id: string, name: string, isDefault: boolean) => ({ id, name, isDefault });
    const sales = '20000000-0000-4000-8000-000000000002';
    const api = stubFetch({
      'GET /api/usage': { status: 200, body: empty },
      'GET /api/call-sessions/latency-by-day': { status: 200, body: { ...latency, days: [] } },
      'GET /api/usage/settings': { status: 200, body: settings },
      'GET /api/usage/budget': { status: 200, body: { ...budget, warning: false, ratio: 0.1 } },
      'GET /api/voice/profiles': {
        status: 200,
        body: [profile(engines.profile.id, 'Front desk', true), profile(sales, 'Sales', false)].map(
          (each) => ({ ...voiceProfile, ...each }),
        ),
      },
      'GET /api/call-sessions/engines': (request) =>
        request.query.get('profileId') === sales
          ? {
              status: 200,
              body: {
                ...engines,
                profile: { id: sales, name: 'Sales' },
                engines: engines.engines.map((each) => ({ ...each, calls: each.calls + 100 })),
              },
            }
          : { status: 200, body: engines },
    });
    const { user } = renderRoutedPage(<UsagePage />, '/voice/console');
    const calls = async () =>
      within(await screen.findByLabelText('Engines compared'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('td')[0]?.textContent);
    await waitFor(async () => expect(await calls()).toEqual(['12', '3']));
    const picker = await screen.findByRole('combobox', { name: 'Profile' });
    expect(picker).toHaveTextContent('Front desk (default)');
    expect(
      screen.getByText('Calls the profile Front desk ran, by the engine each call ran on.'),
    ).toBeVisible();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await waitFor(async () => expect(await calls()).toEqual(['112', '103']));
    const asked = api.requests('GET').filter((request) => request.path === '/api/call-sessions/engines');
    expect(asked.map((request) => request.query.get('profileId'))).toEqual([null, sales]);
  });
});
