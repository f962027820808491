import { jsonResponse, stubFetch } from '@annie/api-client/testing/fetch-stub';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import ThreadsPage from './threads-page.tsx';

const now = new Date().toISOString();
const thread = (n: number) => ({
  id: `6f1c2b9e-8d4a-4e2b-9c1d-${String(n).padStart(12, '0')}`,
  phoneE164: `+1415555${String(1000 + n)}`,
  displayName: `Person ${n}`,
  lastMessageAt: now,
  optedOut: false,
  responsePreference: 'ask_first',
  contact: {
    id: `1c9d2e3f-4a5b-4c6d-8e7f-${String(n).padStart(12, '0')}`,
    name: `Person ${n}`,
    nickname: null,
    relationship: 'work',
    isFavorite: false,
    photoUrl: null,
  },
  meta: {
    lastMessage: { body: `Hello ${n}`, direction: 'inbound', createdAt: now },
    unreadCount: 0,
    pendingDraft: null,
  },
});

afterEach(() => vi.unstubAllGlobals());

/** The requests for the thread list (other screens' requests, such as the settings, left out). */
const threadRequests = (requests: ReturnType<typeof stubFetch>['requests']) =>
  requests('GET').filter((request) => request.path === '/api/sms/threads');

describe('ThreadsPage', () => {
  it('shows the first page, and the next one from the Link header on "Show more"', async () => {
    const { requests } = stubFetch({
      'GET /api/sms/threads': ({ query }) => {
        if (query.get('after') === 'c2') return jsonResponse(200, [thread(3)]);
        const first = jsonResponse(200, [thread(1), thread(2)]);
        first.headers.set('Link', '</api/sms/threads?limit=50&after=c2>; rel="next"');
        return first;
      },
    });
    const user = renderPage(<ThreadsPage />, '/sms');
    expect(await screen.findByRole('link', { name: /^Person 2/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: /^Person 3/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(threadRequests(requests).map((request) => request.query.get('after'))).toEqual([null, 'c2']);
  });

  it('asks the server once typing pauses, and says when nothing matches', async () => {
    const { requests } = stubFetch({
      'GET /api/sms/threads': ({ query }) => ({ status: 200, body: query.get('q') ? [] : [thread(1)] }),
    });
    const user = renderPage(<ThreadsPage />, '/sms');
    await screen.findByRole('link', { name: /^Person 1/ });
    await user.type(screen.getByPlaceholderText('Search messages...'), 'zed');
    expect(await screen.findByText('No matching conversations')).toBeInTheDocument();
    await waitFor(() =>
      expect(threadRequests(requests).map((request) => request.query.get('q'))).toEqual([null, 'zed']),
    );
  });

  it('shows "No messages yet" when there are no threads', async () => {
    stubFetch({ 'GET /api/sms/threads': { status: 200, body: [] } });
    renderPage(<ThreadsPage />, '/sms');
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });
});
