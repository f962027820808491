import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CALL_COULD_NOT_START, MICROPHONE_BLOCKED } from '../lib/call-failure.ts';
import {
  CALL_SESSION_ID,
  CONVERSATION_ID,
  channel,
  heldOffer,
  microphone,
  renderPage,
  startCall,
  status,
  stubApi,
  useBrowserCallHarness,
} from '../testing/browser-call-harness.tsx';
import { FakePeerConnection } from '../testing/fake-webrtc.ts';

const ADMIN = {
  id: '40000000-0000-4000-8000-000000000001',
  username: 'admin',
  email: null,
  isAdmin: true,
  tenantId: 'default',
};
const BUDGET_WORDS =
  "Calls and drafts are paused: this month's usage budget is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.";

useBrowserCallHarness();

describe('BrowserCallPage: ending a call', { timeout: 15_000 }, () => {
  it('End: inactive, end time and title saved, turn detection off, microphone stopped, closed, call session ended', async () => {
    const { api, user } = await startCall();
    await user.click(screen.getByRole('button', { name: 'End call' }));
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(screen.getByRole('button', { name: 'Start call' })).toBeInTheDocument();
    expect(channel().sent.at(-1)).toEqual({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: null } } },
    });
    expect(microphone().track.stop).toHaveBeenCalled();
    expect(FakePeerConnection.last.closed).toBe(true);
    await waitFor(() => expect(api.requests('PATCH')).toHaveLength(1));
    expect(api.requests('PATCH')[0]).toMatchObject({
      path: `/api/voice/conversations/${CONVERSATION_ID}`,
      body: { endedAt: expect.any(String), title: null },
    });
    await waitFor(() =>
      expect(api.requests('POST').map((r) => r.path)).toContain(`/api/calls/${CALL_SESSION_ID}/end`),
    );
  });

  it('a connection the other side closes ends the call like End does', async () => {
    const { api } = await startCall();
    act(() => {
      const current = channel();
      current.readyState = 'closed';
      current.onclose?.();
    });
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(FakePeerConnection.last.closed).toBe(true);
    expect(microphone().track.stop).toHaveBeenCalled();
    await waitFor(() => expect(api.requests('PATCH')).toHaveLength(1));
    await waitFor(() =>
      expect(api.requests('POST').map((r) => r.path)).toContain(`/api/calls/${CALL_SESSION_ID}/end`),
    );
  });

  it('leaving the page ends the call', async () => {
    const { api, unmount } = await startCall();
    unmount();
    expect(FakePeerConnection.last.closed).toBe(true);
    expect(microphone().track.stop).toHaveBeenCalled();
    await waitFor(() =>
      expect(api.requests('POST').map((r) => r.path)).toContain(`/api/calls/${CALL_SESSION_ID}/end`),
    );
    expect(api.requests('PATCH')).toHaveLength(1);
  });

  it('leaving while the call is connecting closes it as soon as it exists and ends its call session', async () => {
    const offer = heldOffer();
    const api = stubApi({ 'POST /api/realtime/offer': offer.route });
    const { user, unmount } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/realtime/offer'));
    unmount();
    offer.release();
    await waitFor(() => expect(FakePeerConnection.last.closed).toBe(true));
    expect(microphone().track.stop).toHaveBeenCalled();
    // Only the end's speech-detection switch-off went out: no session configuration, no greeting.
    expect(channel().sent).toEqual([
      { type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } },
    ]);
    await waitFor(() =>
      expect(api.requests('POST').map((r) => r.path)).toContain(`/api/calls/${CALL_SESSION_ID}/end`),
    );
    expect(api.requests('POST').map((r) => r.path)).not.toContain('/api/voice/conversations');
  });

  it('a refused microphone leaves the screen idle with the alert, which says so in words', async () => {
    stubApi();
    microphone().getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MICROPHONE_BLOCKED);
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it('an offer the server refuses: a human alert, no status code; the cause folded away for an admin only', async () => {
    const refused = {
      status: 503,
      body: { message: 'OpenAI is not configured: set OPENAI_API_KEY', code: 'not_configured' },
    };
    stubApi({ 'POST /api/realtime/offer': refused });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CALL_COULD_NOT_START);
    expect(alert).not.toHaveTextContent(/503|microphone|\{/);
    expect(within(alert).queryByText('Technical details')).not.toBeInTheDocument();
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(microphone().track.stop).toHaveBeenCalled();
    expect(FakePeerConnection.last.closed).toBe(true);
    cleanup();

    stubApi({ 'POST /api/realtime/offer': refused, 'GET /api/auth/user': { status: 200, body: ADMIN } });
    const admin = renderPage();
    await admin.user.click(await screen.findByRole('button', { name: 'Start call' }));
    const adminAlert = await screen.findByRole('alert');
    expect(adminAlert).toHaveTextContent(CALL_COULD_NOT_START);
    expect(await within(adminAlert).findByText('Technical details')).toBeInTheDocument();
    expect(adminAlert).toHaveTextContent('Failed to get answer: 503 — OpenAI is not configured');
  });

  it("the budget's hard stop is said before Start (which budget, who to ask), and Start is disabled", async () => {
    const notice =
      "Calls are paused: this month's usage budget of 40.00 USD is spent and its hard stop is on. Ask an admin of your workspace to raise the monthly budget or turn off the hard stop in Usage.";
    const api = stubApi({ 'GET /api/calls/readiness': { status: 200, body: { callsPaused: true, notice } } });
    renderPage();
    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start call' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/microphone|402/);
    expect(api.requests('POST')).toHaveLength(0);
  });

  it("a 402 at Start (the budget stopped meanwhile) shows the server's words, not the microphone", async () => {
    stubApi({
      'POST /api/realtime/offer': {
        status: 402,
        body: { message: BUDGET_WORDS, code: 'budget_exceeded' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BUDGET_WORDS);
    expect(alert).not.toHaveTextContent(/402|microphone/);
  });
});
