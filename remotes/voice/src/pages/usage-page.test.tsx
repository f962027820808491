import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UsagePage from './usage-page.tsx';

afterEach(() => vi.unstubAllGlobals());

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
      'GET /api/usage/export.csv': new Response('period\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="usage.csv"' },
      }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:usage');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderRoutedPage(<UsagePage />, '/voice/console');
    const table = await screen.findByRole('table');
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
});
