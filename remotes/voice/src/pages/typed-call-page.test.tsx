import { callsRoutes, NEW_CALL_ID } from '@annie/test-fixtures/calls-api';
import { type StubRoutes, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallDurationTile } from '../components/typed-call/call-duration-tile.tsx';
import TypedCallPage from './typed-call-page.tsx';

const settings: StubRoutes = { 'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } } };

function stubApi(options: Parameters<typeof callsRoutes>[0] = {}, extra: StubRoutes = {}) {
  return stubFetch({ ...settings, ...callsRoutes(options), ...extra });
}

const notices = () => within(screen.getByRole('region', { name: /Notifications/ }));
const messageBox = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

async function startCall(user: ReturnType<typeof renderRoutedPage>['user']) {
  await user.click(screen.getByRole('button', { name: 'Start Call' }));
  await screen.findByRole('heading', { level: 1, name: 'Connected to Jeeves' });
}

/** An answer held until `release` is called, to see the page while a request is pending. */
function held() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release() };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TypedCallPage', { timeout: 20_000 }, () => {
  it('is ready to connect: no call, nothing to type or send, no duration', async () => {
    stubApi();
    renderRoutedPage(<TypedCallPage />, '/call');
    expect(screen.getByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeInTheDocument();
    expect(screen.queryByText('Listening for your voice commands')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Muted|Active/ })).not.toBeInTheDocument();
    expect(messageBox()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
  });

  it('starts: Connecting... while pending, then connected with the notice, duration, mute and End Call', async () => {
    const start = held();
    const api = stubApi(
      {},
      {
        'POST /api/calls/start': async () => {
          await start.gate;
          return { status: 201, body: { id: NEW_CALL_ID } };
        },
      },
    );
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await user.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(await screen.findByRole('button', { name: 'Connecting...' })).toBeDisabled();
    start.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Connected to Jeeves' })).toBeInTheDocument();
    expect(screen.getByText('Listening for your voice commands')).toBeInTheDocument();
    expect(await notices().findByText('Call started')).toBeInTheDocument();
    expect(notices().getByText('Connected to Jeeves')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Duration' })).toHaveTextContent(/^0:0\d$/);
    expect(screen.getByRole('button', { name: 'End Call' })).toBeEnabled();
    expect(messageBox()).toBeEnabled();
    expect(api.requests('POST')).toHaveLength(1);
  });

  it('mutes and unmutes locally, without any request', async () => {
    const api = stubApi();
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    const before = api.requests().length;
    await user.click(screen.getByRole('button', { name: 'Active' }));
    expect(screen.getByRole('button', { name: 'Muted' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Muted' }));
    expect(screen.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.requests()).toHaveLength(before);
  });

  it('sends with Enter (not Shift+Enter): the line, then the reply, and the box is cleared', async () => {
    const reply = held();
    const api = stubApi(
      {},
      {
        'POST /api/voice/assist': async ({ body }) => {
          await reply.gate;
          return { status: 200, body: { response: `Noted: ${(body as { message: string }).message}` } };
        },
      },
    );
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    expect(sendButton()).toBeDisabled();
    await user.type(messageBox(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.clear(messageBox());
    await user.type(messageBox(), 'Book a table{Shift>}{Enter}{/Shift}for two');
    expect(messageBox()).toHaveValue('Book a table\nfor two');
    expect(api.requests().filter((request) => request.path === '/api/voice/assist')).toHaveLength(0);
    await user.type(messageBox(), '{Enter}');

    const transcript = screen.getByRole('log', { name: 'Transcript' });
    expect(
      await within(transcript).findByText('Book a table for two', {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
    expect(messageBox()).toHaveValue('');
    await user.type(messageBox(), 'Next');
    expect(sendButton()).toBeDisabled();
    reply.release();
    expect(
      await within(transcript).findByText('Noted: Book a table\nfor two', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    expect(
      within(transcript)
        .getAllByText(/^(You|Jeeves)$/)
        .map((label) => label.textContent),
    ).toEqual(['You', 'Jeeves']);
    expect(api.requests().find((request) => request.path === '/api/voice/assist')?.body).toEqual({
      callId: NEW_CALL_ID,
      message: 'Book a table\nfor two',
    });
    await waitFor(() => expect(sendButton()).toBeEnabled());
  });

  it('ends: the notice, and back to Ready to Connect with the call id cleared', async () => {
    const api = stubApi();
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeInTheDocument();
    expect(await notices().findByText('Call ended')).toBeInTheDocument();
    expect(notices().getByText('Disconnected from Jeeves')).toBeInTheDocument();
    expect(api.requests('POST').map((request) => request.path)).toEqual([
      '/api/calls/start',
      `/api/calls/${NEW_CALL_ID}/end`,
    ]);
    expect(messageBox()).toBeDisabled();
  });

  it('a new call clears the previous transcript', async () => {
    stubApi({ reply: 'Hello.' });
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.type(messageBox(), 'Hi{Enter}');
    const transcript = screen.getByRole('log', { name: 'Transcript' });
    await within(transcript).findByText('Hello.');
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    await startCall(user);
    await waitFor(() => expect(within(transcript).queryByText('Hello.')).not.toBeInTheDocument());
  });

  it('a failed start says so in words (no status code, no "Error") and stays ready', async () => {
    stubApi({ startStatus: 500 });
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await user.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(
      await notices().findByText('The call could not start. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(notices().getByText('Call not started')).toBeInTheDocument();
    expect(notices().queryByText('Error')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).not.toHaveTextContent(/500/);
    expect(screen.getByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeInTheDocument();
  });

  it("says the budget's hard stop before Start, names the budget, and keeps Start disabled", async () => {
    const notice =
      "Calls are paused: this month's usage budget of 40.00 USD is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.";
    const api = stubApi({ pausedNotice: notice });
    renderRoutedPage(<TypedCallPage />, '/call');
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Call' })).toBeDisabled();
    expect(document.body).not.toHaveTextContent(/402|Error/);
    expect(api.requests('POST')).toHaveLength(0);
  });

  it("a 402 at Start (the budget stopped meanwhile) shows the server's words, no status code", async () => {
    const words = "Calls and drafts are paused: this month's usage budget is spent and its hard stop is on.";
    stubApi(
      {},
      { 'POST /api/calls/start': { status: 402, body: { message: words, code: 'budget_exceeded' } } },
    );
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await user.click(screen.getByRole('button', { name: 'Start Call' }));
    expect(await notices().findByText(words)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).not.toHaveTextContent(/402/);
  });

  it('after End: a summary line and a link to the call in Call Logs', async () => {
    stubApi({ reply: 'Noted.' });
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.type(messageBox(), 'Hi{Enter}');
    await within(screen.getByRole('log', { name: 'Transcript' })).findByText('Noted.');
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(await screen.findByText(/^Call ended after \d+:\d\d · 2 lines/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in Call Logs' })).toHaveAttribute(
      'href',
      `/call-logs#call-${NEW_CALL_ID}`,
    );
  });

  it('a failed end says so and stays connected', async () => {
    stubApi({ endStatus: 500 });
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.click(screen.getByRole('button', { name: 'End Call' }));
    expect(await notices().findByText('The call could not be ended. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Connected to Jeeves' })).toBeInTheDocument();
  });

  it('a failed send says so, and gives the message back to retry', async () => {
    stubApi({ assistStatus: 500 });
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.type(messageBox(), 'Hello?{Enter}');
    expect(await notices().findByText('Your message was not sent. Please try again.')).toBeInTheDocument();
    expect(messageBox()).toHaveValue('Hello?');
    expect(
      within(screen.getByRole('log', { name: 'Transcript' })).queryByText('Hello?'),
    ).not.toBeInTheDocument();
  });

  it('says which setting is missing when the assistant is not configured', async () => {
    stubApi(
      {},
      {
        'POST /api/voice/assist': {
          status: 503,
          body: { message: 'Voice assist is not configured: set OPENAI_API_KEY', code: 'not_configured' },
        },
      },
    );
    const { user } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    await user.type(messageBox(), 'Hello?{Enter}');
    expect(
      await notices().findByText('Voice assist is not configured: set OPENAI_API_KEY'),
    ).toBeInTheDocument();
  });

  it('ends a call still open when the tab is closed (keepalive), once', async () => {
    const api = stubApi();
    const { user, unmount } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const endUrl = `/api/calls/${NEW_CALL_ID}/end`;
    await waitFor(() => expect(api.requests('POST').map((request) => request.path)).toContain(endUrl));
    const init = api.fetchMock.mock.calls.find(([url]) => String(url) === endUrl)?.[1];
    expect(init?.keepalive).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ready to Connect' })).toBeInTheDocument();
    unmount();
    expect(api.requests('POST').filter((request) => request.path === endUrl)).toHaveLength(1);
  });

  it('ends a call still open when the page is left', async () => {
    const api = stubApi();
    const { user, unmount } = renderRoutedPage(<TypedCallPage />, '/call');
    await startCall(user);
    unmount();
    await waitFor(() =>
      expect(api.requests('POST').map((request) => request.path)).toContain(`/api/calls/${NEW_CALL_ID}/end`),
    );
  });
});

describe('CallDurationTile', () => {
  it('counts m:ss from the call start, once a second', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-01-05T15:05:05.000Z'));
    render(<CallDurationTile startedAt={Date.parse('2026-01-05T15:04:00.000Z')} />);
    expect(screen.getByRole('timer', { name: 'Duration' })).toHaveTextContent('1:05');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer', { name: 'Duration' })).toHaveTextContent('1:06');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer', { name: 'Duration' })).toHaveTextContent('2:06');
  });
});
