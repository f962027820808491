import { jsonResponse, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, waitFor, within } from '@testing-library/react';
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

describe('ThreadsPage: inbox', () => {
  it('New message: a typed number gets the text, then its thread opens', async () => {
    const threadId = thread(9).id;
    const { requests } = stubFetch({
      'GET /api/sms/threads': ({ query }) =>
        query.get('ids')
          ? jsonResponse(200, [{ ...thread(9), phoneE164: '+16505550142' }])
          : jsonResponse(200, []),
      'GET /api/contacts': { status: 200, body: [] },
      'POST /api/sms/send': {
        status: 201,
        body: { threadId, messageId: 'a0000000-0000-4000-8000-000000000009' },
      },
    });
    const user = renderPage(<ThreadsPage />, '/sms');
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a contact or type a phone number');
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '(650) 555-0142');
    await user.click(await within(dialog).findByRole('button', { name: 'Text (650) 555-0142' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Hello there');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(requests('POST').find((request) => request.path === '/api/sms/send')?.body).toEqual({
      to: '(650) 555-0142',
      body: 'Hello there',
    });
  }, 20_000);

  it('search shows texts holding the words, the words marked', async () => {
    stubFetch({
      'GET /api/sms/threads': ({ query }) => ({ status: 200, body: query.get('q') ? [] : [thread(1)] }),
      'GET /api/sms/search': {
        status: 200,
        body: {
          items: [
            {
              messageId: 'a0000000-0000-4000-8000-000000000001',
              threadId: thread(1).id,
              phoneE164: '+14155550123',
              displayName: 'Mum',
              contactKnown: true,
              direction: 'inbound',
              createdAt: now,
              snippet: "Are you still coming for Sunday lunch? Dad's doing the roast.",
            },
          ],
        },
      },
    });
    const user = renderPage(<ThreadsPage />, '/sms');
    await screen.findByRole('link', { name: /^Person 1/ });
    await user.type(screen.getByPlaceholderText('Search messages...'), 'roast');
    const hits = await screen.findByRole('list', { name: 'Messages found' }, { timeout: 5000 });
    expect(within(hits).getByRole('link')).toHaveAttribute(
      'href',
      `/sms/${encodeURIComponent('+14155550123')}`,
    );
    expect(hits.querySelector('mark')).toHaveTextContent(/^roast$/);
    expect(screen.queryByText('No matching conversations')).not.toBeInTheDocument();
  }, 20_000);

  it('Needs your approval: drafts and requests in one list with the count; Reject hides with Undo, sending nothing until it lapses', async () => {
    const draftThread = {
      ...thread(1),
      meta: {
        ...thread(1).meta,
        pendingDraft: { id: 'd0000000-0000-4000-8000-000000000001', draft: 'Six!', createdAt: now },
      },
    };
    const request = {
      id: 'e0000000-0000-4000-8000-000000000001',
      kind: 'send_text',
      status: 'pending',
      toE164: '+14155550199',
      toNumberType: 'mobile',
      body: 'The brochure',
      requestedBy: 'Rita',
      requestedByE164: '+14155550199',
      callSessionId: null,
      createdAt: now,
      decidedAt: null,
    };
    const { requests } = stubFetch({
      'GET /api/approvals': { status: 200, body: { drafts: [draftThread], requests: [request] } },
      'GET /api/approvals/count': { status: 200, body: { drafts: 1, requests: 1, total: 2 } },
    });
    const user = renderPage(<ThreadsPage />, '/sms?view=approvals', '/sms');
    const list = await screen.findByRole('list', { name: 'Waiting for approval' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect((await screen.findAllByTestId('approvals-tab-count'))[0]).toHaveTextContent('2');
    expect(within(list).getByText('Draft reply to Person 1')).toBeInTheDocument();
    expect(within(list).getByText('Rita asked for a text to (415) 555-0199')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
    expect(await screen.findByText('Nothing waits for your approval')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('list', { name: 'Waiting for approval' })).toBeInTheDocument();
    expect(requests('POST')).toEqual([]);
  }, 20_000);
});
