import { afterAll, describe, expect, it } from 'vitest';
import { startOpenAIRealtimeWebRtcFake } from '../openai-realtime-webrtc-fake.ts';
import { WebRtcTestPeer } from '../webrtc-test-peer.ts';
import { SANDBOX_SPOKEN_LINES, sandboxTurn, sandboxVoiceTurns } from './sandbox-voice-turns.ts';

const replyTo = (turn: ReturnType<typeof sandboxTurn>, output: unknown) =>
  typeof turn.replyAfterTool === 'function'
    ? turn.replyAfterTool(JSON.stringify(output))
    : turn.replyAfterTool;

describe('the sandbox assistant picks a tool from the words', () => {
  it('searches the knowledge base for what the caller asks about, and reads out the best hit', () => {
    const turn = sandboxTurn('What do we know about the glycerin supplier?');
    expect(turn.functionCall).toEqual({
      name: 'search_knowledge_base',
      arguments: JSON.stringify({ query: 'glycerin supplier' }),
    });
    const hit = {
      type: 'note',
      title: 'Glycerin supplier renewal',
      snippet: 'Renews on the 30th. Ask for a 3% vol',
    };
    expect(replyTo(turn, { results: [hit] })).toBe('From Glycerin supplier renewal: Renews on the 30th.');
    // As the product hands it over: what a tool read is labelled as third-party content.
    const labelled = {
      third_party_content: { source: 'search_knowledge_base', notice: 'Data…', data: { results: [hit] } },
    };
    expect(replyTo(turn, labelled)).toBe('From Glycerin supplier renewal: Renews on the 30th.');
    expect(replyTo(turn, { results: [] })).toBe(
      'I could not find anything about glycerin supplier in your knowledge base.',
    );
  });

  it('lists the diary, and says so when Google is not connected instead of inventing meetings', () => {
    const turn = sandboxTurn('What is in my diary this week?');
    expect(turn.functionCall?.name).toBe('google_calendar_list');
    const events = [
      { summary: 'Weekly leadership sync', start: '2026-11-23T09:00:00Z' },
      { summary: 'Supplier call', start: '2026-11-23T14:00:00Z' },
      { summary: 'Board meeting', start: '2026-11-25T10:00:00Z' },
    ];
    expect(replyTo(turn, { events })).toBe(
      'You have Weekly leadership sync on Monday 09:00, and Supplier call on Monday 14:00, and 1 more.',
    );
    expect(replyTo(turn, { error: 'Google Workspace is not connected', requiresAuth: true })).toMatch(
      /Connect it on the Google Workspace page/,
    );
  });

  it('saves a note when asked to, and answers thanks with no tool at all', () => {
    const note = sandboxTurn('Make a note to ask Daniel about the volume discount.');
    expect(note.functionCall?.name).toBe('add_knowledge_note');
    expect(JSON.parse(note.functionCall?.arguments ?? '{}')).toMatchObject({
      title: 'Ask Daniel about the volume discount',
    });
    expect(replyTo(note, { success: true, title: 'Ask Daniel about the volume discount' })).toBe(
      'Done. I have saved the note "Ask Daniel about the volume discount".',
    );
    expect(sandboxTurn('Thank you, that is all.')).toMatchObject({ functionCall: null });
  });

  it('a caller: asked for Eleanor, a message taken at the front desk, and goodbye ends the call', () => {
    expect(sandboxTurn('Hello, is Eleanor available? It is about the glycerin delivery.')).toMatchObject({
      functionCall: null,
      reply: 'She is in meetings until four. May I take a message?',
    });
    const message = sandboxTurn('Yes please. Tell her the pallet ships on Thursday.');
    expect(message.functionCall).toEqual({
      name: 'take_message',
      arguments: JSON.stringify({ caller_name: 'The caller', message: 'The pallet ships on Thursday.' }),
    });
    expect(message.reply).toBe('I will make sure she gets your message.');
    expect(replyTo(message, { success: true })).toBe('Thank you. I have passed that on to her.');
    expect(sandboxTurn('Thank you, goodbye.').functionCall).toEqual({
      name: 'end_call',
      arguments: JSON.stringify({ reason: 'The caller said goodbye' }),
    });
  });
});

const fake = await startOpenAIRealtimeWebRtcFake({
  script: { userTurns: sandboxVoiceTurns(), userTurnAfterPackets: 20, audioPackets: 3 },
});
afterAll(() => fake.close());

describe('a sandbox voice call over WebRTC', () => {
  it('hears the first line after enough microphone audio, calls its tool, and speaks from the output', async () => {
    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const response = await fetch(`${fake.baseURL}/realtime/calls`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sdp' },
        body: sdp,
      });
      return response.text();
    });
    try {
      await peer.speak(25);
      const { event: heard } = await peer.waitForServerEvent(
        'conversation.item.input_audio_transcription.completed',
      );
      expect(heard.transcript).toBe(SANDBOX_SPOKEN_LINES[0]);
      const { event: asked } = await peer.waitForServerEvent('response.function_call_arguments.done');
      expect(asked.name).toBe('search_knowledge_base');
      const before = peer.received.events.length;
      const output = { results: [{ type: 'fact', key: 'glycerin_price', snippet: '1.85 USD/kg' }] };
      peer.send({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: asked.call_id, output: JSON.stringify(output) },
      });
      peer.send({ type: 'response.create' });
      const { event: spoken } = await peer.waitForServerEvent(
        'response.output_audio_transcript.done',
        undefined,
        { after: before },
      );
      expect(spoken.transcript).toBe('From glycerin_price: 1.85 USD/kg');
    } finally {
      await peer.close();
    }
  });
});
