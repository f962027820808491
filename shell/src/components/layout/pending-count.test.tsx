import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { PendingCount } from './pending-count.tsx';

afterEach(() => vi.unstubAllGlobals());

const answer = (pendingCount: number) => ({
  'GET /api/pending-actions': { status: 200, body: { items: [], pendingCount } },
});

describe('PendingCount', () => {
  it("shows how many callers' requests wait for approval", async () => {
    stubFetch(answer(2));
    renderWithProviders(<PendingCount />);
    expect(await screen.findByLabelText('2 pending requests')).toHaveTextContent('2');
  });

  it('shows nothing when none wait', async () => {
    const api = stubFetch(answer(0));
    renderWithProviders(<PendingCount />);
    await vi.waitFor(() => expect(api.requests('GET')).toHaveLength(1));
    expect(screen.queryByLabelText(/pending request/)).not.toBeInTheDocument();
  });
});
