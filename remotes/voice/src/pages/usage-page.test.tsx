import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UsagePage from './usage-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const engines = {
  from: '2026-10-31',
  to: '2026-11-29',
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
      texts: 4,
      tokens: 800,
      cost: 0.04,
    },
  ],
};
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
      '2026-11-03alicePhone23.5012,000€0.4321',
      '2026-11-03SharedSMS004800€0.04',
      'Total€0.4721',
    ]);
    expect(await screen.findByRole('status', { name: 'Usage budget' })).toHaveTextContent(
      "85 % of this month's budget is spent (€8.50 of €10.00).",
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.requests().some(({ path }) => path === '/api/usage/export.csv')).toBe(true);
  });

  it('saves the budget and hard stop', async () => {
    const api = stubFetch({
      'GET /api/usage': { status: 200, body: { currency: 'EUR', rows: [] } },
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

  it('compares the two engines side by side: calls, response times, interruptions, tool failures, cost a minute', async () => {
    stubFetch({
      'GET /api/usage': { status: 200, body: { currency: 'EUR', rows: [] } },
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
});
