import type { SmsThreadDetail } from '@annie/contracts/sms';
import { type StubRoutes, stubFetch } from '@annie/test-fixtures/fetch-stub';
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
    'GET /api/settings': { status: 200, body: { assistantName: 'Edmund' } },
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
    // One box: it holds the draft, under the assistant's name from the settings.
    const box = await screen.findByRole('form', { name: 'Edmund drafted a reply' });
    expect(within(box).getByLabelText('Draft reply')).toHaveValue('Six o clock!');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });

  it('sends the draft as edited, with "Draft sent!"', async () => {
    const { requests, user } = open({
      [`GET ${threadPath}`]: { status: 200, body: thread },
      [`POST /api/sms/threads/${thread.id}/approve`]: {
        status: 200,
        body: { threadId: thread.id, messageId: thread.messages[0]?.id },
      },
    });
    const box = await screen.findByRole('form', { name: 'Edmund drafted a reply' });
    await user.clear(within(box).getByLabelText('Draft reply'));
    await user.type(within(box).getByLabelText('Draft reply'), 'Six!');
    await user.click(within(box).getByRole('button', { name: 'Send draft' }));
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
    expect(screen.queryByLabelText('Draft reply')).not.toBeInTheDocument();
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

  it('shows an unknown number formatted, with a person avatar and "Add to contacts" prefilled', async () => {
    const { user } = open({
      [`GET ${threadPath}`]: {
        status: 200,
        body: { ...thread, contact: null, displayName: PHONE, meta: { ...thread.meta, pendingDraft: null } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '(415) 555-2671' })).toBeInTheDocument();
    expect(screen.queryByText(PHONE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    expect(within(dialog).getByLabelText('Phone')).toHaveValue(PHONE);
  }, 20_000);

  it('says "Conversation not found" for a URL that is no phone number, never the JSON', async () => {
    stubFetch({
      'GET /api/sms/status': { status: 200, body: status },
      'POST /api/sms/threads/:phone/read': {
        status: 400,
        body: { message: 'The phone is not a valid phone number', code: 'bad_request' },
      },
      'GET /api/sms/threads/:phone': {
        status: 400,
        body: { message: 'The phone is not a valid phone number', code: 'bad_request' },
      },
    });
    renderPage(<ThreadPage />, '/sms/not-a-number', '/sms/:phone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conversation not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/bad_request|\{/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute('href', '/sms');
  });

  it('shows "Failed to fetch thread" with Retry when the thread cannot load', async () => {
    open({ [`GET ${threadPath}`]: { status: 500, body: { message: 'boom', code: 'internal' } } });
    expect(await screen.findByText('Failed to fetch thread')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
