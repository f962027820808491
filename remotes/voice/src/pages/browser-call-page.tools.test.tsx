import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  channel,
  serverSends,
  startCall,
  status,
  useBrowserCallHarness,
} from '../testing/browser-call-harness.tsx';
import { FakePeerConnection } from '../testing/fake-webrtc.ts';

useBrowserCallHarness();

describe('BrowserCallPage: tools', { timeout: 15_000 }, () => {
  it('returns a tool result to the model and asks for the next response', async () => {
    await startCall();
    await serverSends({
      type: 'response.function_call_arguments.done',
      response_id: 'resp_2',
      call_id: 'call_7',
      name: 'no_such_tool',
      arguments: '{}',
    });
    // The next response is asked for once the one that called the tool is done (one at a time).
    await serverSends({ type: 'response.done', response: { id: 'resp_2' } });
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
    // The next response is asked for once the one that called the tool is done (one at a time).
    await serverSends({ type: 'response.done', response: { id: 'resp_3' } });
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
    expect(status()).toHaveTextContent('Press Start to talk');
    await waitFor(() =>
      expect(api.requests('PATCH')[0]?.body).toEqual({
        endedAt: expect.any(String),
        title: `That is all. ${'x'.repeat(87)}`,
      }),
    );
  });
});
