import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

useBrowserCallHarness();

describe('BrowserCallPage: ending a call', { timeout: 15_000 }, () => {
  it('End: inactive, end time and title saved, turn detection off, microphone stopped, closed, call session ended', async () => {
    const { api, user } = await startCall();
    await user.click(screen.getByRole('button', { name: 'End call' }));
    expect(status()).toHaveTextContent('Tap to start conversation');
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
    expect(status()).toHaveTextContent('Tap to start conversation');
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

  it('a refused microphone leaves the screen idle with the alert', async () => {
    stubApi();
    microphone().getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to start call. Please check your microphone permissions.',
    );
    expect(status()).toHaveTextContent('Tap to start conversation');
    expect(FakePeerConnection.instances).toHaveLength(0);
  });

  it('an offer the server refuses shows the alert with the status and the server message', async () => {
    stubApi({
      'POST /api/realtime/offer': {
        status: 503,
        body: { message: 'OpenAI is not configured: set OPENAI_API_KEY', code: 'not_configured' },
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to start call. Please check your microphone permissions.');
    expect(alert).toHaveTextContent(
      'Failed to get answer: 503 — OpenAI is not configured: set OPENAI_API_KEY',
    );
    expect(status()).toHaveTextContent('Tap to start conversation');
    expect(microphone().track.stop).toHaveBeenCalled();
    expect(FakePeerConnection.last.closed).toBe(true);
  });
});
