import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportUsageCsv } from './export-usage-csv.ts';
import { approvePendingAction } from './use-pending-action-mutations.ts';
import { getProviderStatus } from './use-provider-status.ts';

// The voice remote's own fetchers on the wire: the URL each contract gives, and answers parsed by it.
afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-000000000001';

describe('voice remote fetchers', () => {
  it('asks for the CSV with the set fields of the query only, and keeps the server’s file name', async () => {
    const api = stubFetch({
      'GET /api/usage/export.csv': new Response('period\r\n', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="usage-2026-01-01-to-2026-12-31.csv"' },
      }),
    });
    const file = await exportUsageCsv({ by: 'month', from: '2026-01-01', to: undefined });
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/usage/export.csv?by=month&from=2026-01-01');
    expect(file.filename).toBe('usage-2026-01-01-to-2026-12-31.csv');
    expect(file.blob.size).toBe('period\r\n'.length);
  });

  it('asks the doctor again only when told to', async () => {
    const api = stubFetch({ 'GET /api/admin/doctor': { status: 500, body: { message: 'x', code: 'y' } } });
    await expect(getProviderStatus()).rejects.toThrow();
    await expect(getProviderStatus(true)).rejects.toThrow();
    expect(api.fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/doctor',
      '/api/admin/doctor?refresh=true',
    ]);
  });

  it('approves with the edited text; a null answer is the contract’s, a drifted one is refused', async () => {
    let answer: unknown = null;
    const api = stubFetch({
      'POST /api/pending-actions/:id/approve': () => ({ status: 200, body: answer }),
    });
    await expect(approvePendingAction(ID, 'See you at 5', true)).resolves.toBeNull();
    expect(api.requests('POST')[0]).toMatchObject({
      path: `/api/pending-actions/${ID}/approve`,
      body: { body: 'See you at 5', numberTypeConfirmed: true },
    });
    answer = { threadId: 'not-a-uuid', messageId: ID };
    await expect(approvePendingAction(ID, 'Again')).rejects.toThrow();
  });
});
