import type { SmsThreadDetail } from '@annie/api-client/contracts/sms';
import { type StubRoutes, stubFetch } from '@annie/api-client/testing/fetch-stub';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import ThreadPage from './thread-page.tsx';

const PHONE = '+14155552671';
const now = new Date().toISOString();
const thread: SmsThreadDetail = {
  id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
  phoneE164: PHONE,
  displayName: 'Mom',
  lastMessageAt: now,
  optedOut: false,
  responsePreference: 'ask_first',
  contact: {
    id: '1c9d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    name: 'Margaret Smith',
    nickname: 'Mom',
    relationship: 'family',
    isFavorite: true,
    photoUrl: null,
  },
  meta: {
    lastMessage: { body: 'What time is dinner?', direction: 'inbound', createdAt: now },
    unreadCount: 0,
    pendingDraft: { id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77', draft: 'Six o clock!', createdAt: now },
  },
  messages: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      body: 'See you Sunday',
      direction: 'outbound',
      status: 'delivered',
      mediaUrls: [],
      errorCode: null,
      createdAt: now,
    },
    {
      id: 'a0000000-0000-4000-8000-000000000002',
      body: 'Running late',
      direction: 'outbound',
      status: 'sent',
      mediaUrls: [],
      errorCode: null,
      createdAt: now,
    },
    {
      id: 'a0000000-0000-4000-8000-000000000003',
      body: 'What time is dinner?',
      direction: 'inbound',
      status: 'received',
      mediaUrls: [],
      errorCode: null,
      createdAt: now,
    },
  ],
  hasOlderMessages: false,
};
const status = { sending: { configured: true, missing: [] }, drafts: { configured: true, missing: [] } };
const threadPath = `/api/sms/threads/${encodeURIComponent(PHONE)}`;

afterEach(() => vi.unstubAllGlobals());

function open(routes: StubRoutes) {
  const { requests } = stubFetch({
    'GET /api/sms/status': { status: 200, body: status },
    [`POST ${threadPath}/read`]: { status: 200, body: { threadId: thread.id } },
    ...routes,
  });
  const user = renderPage(<ThreadPage />, `/sms/${encodeURIComponent(PHONE)}`, '/sms/:phone');
  return { requests, user };
}

describe('ThreadPage', () => {
  it("shows the day's messages, one tick for sent and two for delivered, and the draft banner", async () => {
    open({ [`GET ${threadPath}`]: { status: 200, body: thread } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mom' })).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    const sent = screen.getAllByRole('listitem', { name: 'Sent message' });
    expect(within(sent[0] as HTMLElement).getByLabelText('Delivered')).toBeInTheDocument();
    expect(within(sent[1] as HTMLElement).getByLabelText('Sent')).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Annie drafted a response' });
    expect(within(banner).getByLabelText('Draft reply')).toHaveValue('Six o clock!');
  });

  it('sends the draft as edited, with "Draft sent!"', async () => {
    const { requests, user } = open({
      [`GET ${threadPath}`]: { status: 200, body: thread },
      [`POST /api/sms/threads/${thread.id}/approve`]: {
        status: 200,
        body: { threadId: thread.id, messageId: thread.messages[0]?.id },
      },
    });
    const banner = await screen.findByRole('region', { name: 'Annie drafted a response' });
    await user.clear(within(banner).getByLabelText('Draft reply'));
    await user.type(within(banner).getByLabelText('Draft reply'), 'Six!');
    await user.click(within(banner).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Draft sent!')).toBeInTheDocument();
    expect(requests('POST').find((request) => request.path.endsWith('/approve'))?.body).toEqual({
      draft: 'Six!',
    });
  }, 20_000);

  it('marks the thread read as it opens, with a POST, before reading it', async () => {
    const { requests } = open({ [`GET ${threadPath}`]: { status: 200, body: thread } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mom' })).toBeInTheDocument();
    const paths = requests().map((request) => `${request.method} ${request.path}`);
    const marked = paths.indexOf(`POST ${threadPath}/read`);
    expect(marked).toBeGreaterThanOrEqual(0);
    expect(marked).toBeLessThan(paths.indexOf(`GET ${threadPath}`));
  });

  it('disables the box with the opted-out note', async () => {
    open({ [`GET ${threadPath}`]: { status: 200, body: { ...thread, optedOut: true } } });
    expect(await screen.findByText('This contact has opted out of receiving messages')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Annie drafted a response' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and sends the typed text with "Message sent!"; blank text is ignored', async () => {
    const { requests, user } = open({
      [`GET ${threadPath}`]: {
        status: 200,
        body: { ...thread, messages: [], meta: { ...thread.meta, pendingDraft: null } },
      },
      'POST /api/sms/send': { status: 201, body: { threadId: thread.id, messageId: thread.messages[0]?.id } },
    });
    expect(await screen.findByText('Send a message to start the conversation')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), '   {Enter}');
    expect(requests('POST').some((request) => request.path === '/api/sms/send')).toBe(false);
    await user.type(screen.getByLabelText('Message'), 'On my way{Enter}');
    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(requests('POST').find((request) => request.path === '/api/sms/send')?.body).toEqual({
      to: PHONE,
      body: 'On my way',
    });
  }, 20_000);

  it('asks what the call is for from the call button, then has the assistant phone the number', async () => {
    const { requests, user } = open({
      [`GET ${threadPath}`]: { status: 200, body: thread },
      'POST /api/annie/call/start': { status: 201, body: { id: 'c0000000-0000-4000-8000-000000000001' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Call Mom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Mom' });
    expect(requests('POST').some((request) => request.path === '/api/annie/call/start')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Say I will be late');
    await user.click(within(dialog).getByRole('button', { name: 'Call Mom' }));
    expect(await screen.findByRole('dialog', { name: 'Call with Mom' })).toBeInTheDocument();
    expect(requests('POST').find((request) => request.path === '/api/annie/call/start')?.body).toEqual({
      to: PHONE,
      message: 'Say I will be late',
    });
  }, 20_000);

  it("shows the server's reason when the call is refused (a call already in progress)", async () => {
    const { user } = open({
      [`GET ${threadPath}`]: { status: 200, body: thread },
      'POST /api/annie/call/start': {
        status: 409,
        body: {
          message: 'A call to this number is already in progress',
          code: 'duplicate_call',
          duplicate: true,
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Call Mom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Mom' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Say hello');
    await user.click(within(dialog).getByRole('button', { name: 'Call Mom' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A call to this number is already in progress',
    );
  }, 20_000);

  it('shows "Failed to fetch thread" with Retry when the thread cannot load', async () => {
    open({ [`GET ${threadPath}`]: { status: 500, body: { message: 'boom', code: 'internal' } } });
    expect(await screen.findByText('Failed to fetch thread')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
