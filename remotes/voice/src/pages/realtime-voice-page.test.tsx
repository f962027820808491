import { createQueryClient } from '@annie/api-client/query-client';
import { type StubRoutes, stubFetch } from '@annie/api-client/testing/fetch-stub';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection, fakeMicrophone, installFakeWebRtc } from '../testing/fake-webrtc.ts';
import RealtimeVoicePage from './realtime-voice-page.tsx';

const CALL_SESSION_ID = '0b6b9f0e-4d0a-4f57-9a51-2d5c1f3f7a01';
const CONVERSATION_ID = '5f1c2a8e-6f1b-4b9a-8c3d-7e2f9a0b1c2d';
const SESSION_CONFIG = {
  systemPrompt: 'You are Edmund, discreet.',
  voice: 'marin',
  model: 'gpt-realtime',
  temperature: 0.9,
  knowledgeContext: null,
  personalityTraits: ['calm'],
  vadConfig: { threshold: 0.6, silenceDurationMs: 800, prefixPaddingMs: 250, idleTimeoutMs: 9000 },
};

function stubApi(overrides: StubRoutes = {}) {
  return stubFetch({
    'GET /api/settings': { status: 200, body: { assistantName: 'Edmund' } },
    'GET /api/ai/session-config': { status: 200, body: SESSION_CONFIG },
    'GET /api/realtime/ice-servers': {
      status: 200,
      body: { iceServers: [{ urls: ['stun:stun.example.test:3478'] }] },
    },
    'POST /api/realtime/offer': () =>
      new Response('v=0 fake-answer', {
        status: 201,
        headers: { 'Content-Type': 'application/sdp', 'X-Call-Session-Id': CALL_SESSION_ID },
      }),
    'POST /api/voice/conversations': { status: 201, body: { id: CONVERSATION_ID } },
    'POST /api/voice/conversations/:id/messages': { status: 201, body: {} },
    'PATCH /api/voice/conversations/:id': { status: 200, body: {} },
    'POST /api/calls/:id/end': {
      status: 200,
      body: { id: CALL_SESSION_ID, endedAt: new Date().toISOString() },
    },
    ...overrides,
  });
}

/** An offer route that answers only when the test says so (to look at the screen while connecting). */
function heldOffer() {
  let release: () => void = () => {};
  const route = () =>
    new Promise<Response>((resolve) => {
      release = () =>
        resolve(
          new Response('v=0 fake-answer', {
            status: 201,
            headers: { 'Content-Type': 'application/sdp', 'X-Call-Session-Id': CALL_SESSION_ID },
          }),
        );
    });
  return { route, release: () => release() };
}

function renderPage() {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <RealtimeVoicePage />
      </Theme>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), ...view };
}

const status = () => screen.getByRole('status', { name: 'Call status' });
const channel = () => {
  const current = FakePeerConnection.last.channel;
  if (!current) throw new Error('No data channel');
  return current;
};
/** Delivers server events as the realtime API would, one after the other. */
const serverSends = (...events: Array<{ type: string } & Record<string, unknown>>) =>
  act(() => {
    for (const event of events) channel().receive(event);
  });

let microphone: ReturnType<typeof fakeMicrophone>;

beforeEach(() => {
  microphone = fakeMicrophone();
  installFakeWebRtc(microphone.getUserMedia);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  // Unmounting ends a call still open; its requests (queued behind promises) must still reach the stub.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function startCall() {
  const api = stubApi();
  const page = renderPage();
  await page.user.click(await screen.findByRole('button', { name: 'Start call' }));
  await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
  await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/voice/conversations'));
  return { api, ...page };
}

describe('RealtimeVoicePage', { timeout: 15_000 }, () => {
  it('welcomes by the assistant first name when idle, with no Clear and the start caption', async () => {
    stubApi();
    renderPage();
    expect(await screen.findByRole('heading', { name: "Hello, I'm Edmund" })).toBeInTheDocument();
    expect(screen.getByText('Your sophisticated AI assistant')).toBeInTheDocument();
    expect(screen.getByText('Tap the button below to start our conversation')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Tap to start conversation');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Start call' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAccessibleDescription('Tap to talk with the assistant');
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

    expect(microphone.getUserMedia).toHaveBeenCalledWith({
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
    expect(peer.tracks).toEqual([microphone.track]);
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
      'the assistant is speaking...',
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

  it('returns a tool result to the model and asks for the next response', async () => {
    await startCall();
    await serverSends({
      type: 'response.function_call_arguments.done',
      response_id: 'resp_2',
      call_id: 'call_7',
      name: 'no_such_tool',
      arguments: '{}',
    });
    await waitFor(() =>
      expect(channel().sentTypes().slice(2)).toEqual(['conversation.item.create', 'response.create']),
    );
    expect(channel().sent[2]).toEqual({
      type: 'conversation.item.create',
      item: {
        type: 'function_call_output',
        call_id: 'call_7',
        output: expect.stringContaining('no_such_tool'),
      },
    });
  });

  it('session_update applies the new settings over the current ones and keeps the voice', async () => {
    await startCall();
    await serverSends({
      type: 'response.function_call_arguments.done',
      response_id: 'resp_3',
      call_id: 'call_8',
      name: 'session_update',
      arguments: JSON.stringify({ instructions: 'Be brief.', turn_detection: { silence_duration_ms: 1200 } }),
    });
    await waitFor(() =>
      expect(channel().sentTypes().slice(2)).toEqual([
        'session.update',
        'conversation.item.create',
        'response.create',
      ]),
    );
    expect(channel().sent[2]).toEqual({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: 'Be brief.',
        audio: {
          input: {
            turn_detection: {
              type: 'server_vad',
              threshold: 0.6,
              silence_duration_ms: 1200,
              prefix_padding_ms: 250,
              idle_timeout_ms: 9000,
              create_response: true,
              interrupt_response: true,
            },
          },
        },
      },
    });
  });

  it('end_call ends the call once the goodbye has been spoken', async () => {
    const { api } = await startCall();
    await serverSends({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'u1',
      transcript: `That is all. ${'x'.repeat(120)}`,
    });
    await serverSends({
      type: 'response.function_call_arguments.done',
      response_id: 'resp_end',
      call_id: 'call_end',
      name: 'end_call',
      arguments: '{}',
    });
    await waitFor(() => expect(channel().sentTypes()).toContain('conversation.item.create'));
    await serverSends({ type: 'response.done', response: { id: 'resp_end' } });
    expect(FakePeerConnection.last.closed).toBe(false);
    await serverSends(
      { type: 'response.created', response: { id: 'resp_bye' } },
      { type: 'output_audio_buffer.started', response_id: 'resp_bye' },
      { type: 'response.done', response: { id: 'resp_bye' } },
    );
    expect(FakePeerConnection.last.closed).toBe(false);
    await serverSends({ type: 'output_audio_buffer.stopped', response_id: 'resp_bye' });
    expect(FakePeerConnection.last.closed).toBe(true);
    expect(status()).toHaveTextContent('Tap to start conversation');
    await waitFor(() =>
      expect(api.requests('PATCH')[0]?.body).toEqual({
        endedAt: expect.any(String),
        title: `That is all. ${'x'.repeat(87)}`,
      }),
    );
  });

  it('End: inactive, end time and title saved, turn detection off, microphone stopped, closed, call session ended', async () => {
    const { api, user } = await startCall();
    await user.click(screen.getByRole('button', { name: 'End call' }));
    expect(status()).toHaveTextContent('Tap to start conversation');
    expect(screen.getByRole('button', { name: 'Start call' })).toBeInTheDocument();
    expect(channel().sent.at(-1)).toEqual({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: null } } },
    });
    expect(microphone.track.stop).toHaveBeenCalled();
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
    expect(microphone.track.stop).toHaveBeenCalled();
    await waitFor(() => expect(api.requests('PATCH')).toHaveLength(1));
    await waitFor(() =>
      expect(api.requests('POST').map((r) => r.path)).toContain(`/api/calls/${CALL_SESSION_ID}/end`),
    );
  });

  it('leaving the page ends the call', async () => {
    const { api, unmount } = await startCall();
    unmount();
    expect(FakePeerConnection.last.closed).toBe(true);
    expect(microphone.track.stop).toHaveBeenCalled();
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
    expect(microphone.track.stop).toHaveBeenCalled();
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
    microphone.getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
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
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(FakePeerConnection.last.closed).toBe(true);
  });
});
