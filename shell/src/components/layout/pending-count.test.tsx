import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { PendingCount } from './pending-count.tsx';

afterEach(() => vi.unstubAllGlobals());

const answer = (drafts: number, requests: number) => ({
  'GET /api/approvals/count': { status: 200, body: { drafts, requests, total: drafts + requests } },
});

describe('PendingCount', () => {
  it('shows how many drafts and requests wait in the one approvals queue', async () => {
    stubFetch(answer(2, 1));
    renderWithProviders(<PendingCount />);
    expect(await screen.findByText('waiting for your approval', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('approvals-count')).toHaveTextContent(/^3 waiting for your approval$/);
  });

  it('shows nothing when none wait', async () => {
    const api = stubFetch(answer(0, 0));
    renderWithProviders(<PendingCount />);
    await vi.waitFor(() => expect(api.requests('GET')).toHaveLength(1));
    expect(screen.queryByTestId('approvals-count')).not.toBeInTheDocument();
  });
});
