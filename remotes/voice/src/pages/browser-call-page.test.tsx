import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EARLY_CALL_START_ATTRIBUTE, EARLY_CALL_START_VERSION } from '../first-paint/early-call-start.ts';
import {
  CALL_SESSION_ID,
  CONVERSATION_ID,
  channel,
  heldOffer,
  microphone,
  renderPage,
  serverSends,
  startCall,
  status,
  stubApi,
  useBrowserCallHarness,
} from '../testing/browser-call-harness.tsx';
import { FakePeerConnection } from '../testing/fake-webrtc.ts';

useBrowserCallHarness();

describe('BrowserCallPage', { timeout: 15_000 }, () => {
  it('welcomes by the assistant first name when idle, with no Clear and the start caption', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole('heading', { name: "Hello, I'm Edmund" })).toBeInTheDocument();
    expect(screen.getByText('Your sophisticated AI assistant')).toBeInTheDocument();
    expect(screen.getByText('Press the button below to start our conversation')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Start call' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleDescription('Press to talk with Edmund');
  });

  it('starts the call on mount when the idle view noted a press of Start call, once', async () => {
    const offer = heldOffer();
    const api = stubApi({ 'POST /api/realtime/offer': offer.route });
    document.documentElement.setAttribute(EARLY_CALL_START_ATTRIBUTE, EARLY_CALL_START_VERSION);
    renderPage();
    await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/realtime/offer'));
    expect(status()).toHaveTextContent('Connecting...');
    expect(document.documentElement.hasAttribute(EARLY_CALL_START_ATTRIBUTE)).toBe(false);
    offer.release();
    await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
    expect(api.requests('POST').filter((r) => r.path === '/api/realtime/offer')).toHaveLength(1);
  });

  it('mounts idle without such a press', async () => {
    const api = stubApi();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Start call' })).toBeEnabled();
    expect(status()).toHaveTextContent('Press Start to talk');
    expect(api.requests('POST').map((r) => r.path)).not.toContain('/api/realtime/offer');
  });

  it('starts a call: microphone, offer without ICE wait, session configuration, greeting, conversation', async () => {
    const offer = heldOffer();
    const api = stubApi({ 'POST /api/realtime/offer': offer.route });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/realtime/offer'));
    expect(status()).toHaveTextContent('Connecting...');
    expect(screen.getByRole('button', { name: 'Start call' })).toHaveAccessibleDescription('Connecting...');
    expect(screen.getByRole('button', { name: 'Start call' })).toBeDisabled();
    offer.release();
    await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
    expect(screen.getByRole('button', { name: 'End call' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'End call' })).toHaveAccessibleDescription(
      'Listening... Speak naturally',
    );

    expect(microphone().getUserMedia).toHaveBeenCalledWith({
      audio: {
        channelCount: 1,
        sampleRate: 24_000,
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
      },
    });
    const peer = FakePeerConnection.last;
    expect(peer.configuration.iceServers).toEqual([{ urls: ['stun:stun.example.test:3478'] }]);
    expect(peer.tracks).toEqual([microphone().track]);
    expect(channel().label).toBe('oai-events');
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'v=0 fake-answer' });
    const offerRequest = api.requests('POST').find((request) => request.path === '/api/realtime/offer');
    expect(offerRequest?.body).toBe('v=0 fake-offer');
    const offerInit = api.fetchMock.mock.calls.find(([url]) => String(url) === '/api/realtime/offer')?.[1];
    expect(new Headers(offerInit?.headers).get('Content-Type')).toBe('application/sdp');

    expect(channel().sentTypes()).toEqual(['session.update', 'response.create']);
    expect(channel().sent[0]).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'You are Edmund, discreet.',
        audio: {
          input: {
            turn_detection: {
              type: 'server_vad',
              threshold: 0.6,
              silence_duration_ms: 800,
              prefix_padding_ms: 250,
              idle_timeout_ms: 9000,
              create_response: true,
              interrupt_response: true,
            },
          },
          output: { voice: 'marin' },
        },
      },
    });
    await waitFor(() =>
      expect(api.requests('POST').find((r) => r.path === '/api/voice/conversations')?.body).toEqual({
        title: null,
        callSessionId: CALL_SESSION_ID,
      }),
    );
  });

  it('falls back to the default session configuration when the config cannot be loaded', async () => {
    stubApi({ 'GET /api/ai/session-config': { status: 500, body: { message: 'boom' } } });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: "Hello, I'm Edmund" });
    await user.click(screen.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
    expect(channel().sent[0]).toMatchObject({
      type: 'session.update',
      session: {
        instructions: expect.stringContaining('You are Edmund'),
        audio: {
          input: { turn_detection: { threshold: 0.5, silence_duration_ms: 700, prefix_padding_ms: 300 } },
          output: { voice: 'cedar' },
        },
      },
    });
  });

  it('follows the conversation: statuses, the interim words in italics, the partial reply with a cursor, saved entries', async () => {
    const { api } = await startCall();
    await serverSends({ type: 'input_audio_buffer.speech_started', item_id: 'item_u1' });
    expect(status()).toHaveTextContent('Listening...');
    const log = screen.getByRole('log', { name: 'Transcript' });
    expect(within(log).getByRole('img', { name: 'You are speaking' })).toBeInTheDocument();

    await serverSends(
      { type: 'input_audio_buffer.speech_stopped', item_id: 'item_u1' },
      { type: 'input_audio_buffer.committed', item_id: 'item_u1' },
    );
    expect(status()).toHaveTextContent('Thinking...');
    expect(within(log).getByRole('img', { name: 'Thinking' })).toBeInTheDocument();
    expect(within(log).getByRole('img', { name: 'Transcribing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End call' })).toHaveAccessibleDescription(
      'Processing your request...',
    );
    await serverSends({
      type: 'conversation.item.input_audio_transcription.delta',
      item_id: 'item_u1',
      delta: 'What is on',
    });
    expect(within(log).getByText('What is on')).toHaveStyle({ fontStyle: 'italic' });

    // The reply starts before the caller's transcription is complete; the caller's line keeps its place.
    await serverSends(
      { type: 'response.created', response: { id: 'resp_1' } },
      { type: 'response.output_audio_transcript.delta', item_id: 'item_a1', delta: 'You have' },
    );
    expect(within(log).getByText('You have')).toBeInTheDocument();
    expect(within(log).getByTestId('typing-cursor')).toBeInTheDocument();
    expect(within(log).queryByRole('img', { name: 'Thinking' })).not.toBeInTheDocument();
    await serverSends({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'item_u1',
      transcript: 'What is on my diary today?',
    });
    await serverSends({ type: 'output_audio_buffer.started', response_id: 'resp_1' });
    expect(status()).toHaveTextContent('Speaking...');
    expect(screen.getByRole('button', { name: 'End call' })).toHaveAccessibleDescription(
      'Edmund is speaking...',
    );
    await serverSends(
      { type: 'response.output_audio_transcript.delta', item_id: 'item_a1', delta: ' two meetings.' },
      {
        type: 'response.output_audio_transcript.done',
        item_id: 'item_a1',
        transcript: 'You have two meetings.',
      },
      { type: 'response.done', response: { id: 'resp_1' } },
    );
    expect(status()).toHaveTextContent('Speaking...');
    await serverSends({ type: 'output_audio_buffer.stopped', response_id: 'resp_1' });
    expect(status()).toHaveTextContent('Listening...');

    expect(within(log).queryByTestId('typing-cursor')).not.toBeInTheDocument();
    const balloons = log.querySelectorAll('[data-speaker]');
    expect([...balloons].map((balloon) => balloon.getAttribute('data-speaker'))).toEqual([
      'user',
      'assistant',
    ]);
    expect(balloons[0]).toHaveTextContent(/^What is on my diary today\?\d{1,2}:\d{2} [AP]M$/);
    expect(balloons[1]).toHaveTextContent(/^You have two meetings\.\d{1,2}:\d{2} [AP]M$/);

    await waitFor(() =>
      expect(
        api
          .requests('POST')
          .filter((r) => r.path === `/api/voice/conversations/${CONVERSATION_ID}/messages`)
          .map((r) => r.body),
      ).toEqual([
        { role: 'user', content: 'What is on my diary today?', timestamp: expect.any(String) },
        { role: 'assistant', content: 'You have two meetings.', timestamp: expect.any(String) },
      ]),
    );
  });

  it('shows Clear only with a transcript, and Clear empties it', async () => {
    const { user } = await startCall();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    await serverSends({
      type: 'response.output_audio_transcript.done',
      item_id: 'a0',
      transcript: 'Good afternoon.',
    });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Good afternoon.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });
});
