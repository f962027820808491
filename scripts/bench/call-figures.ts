#!/usr/bin/env node
// The cost of measuring a call on the bridge: the recording (CallFigures) fed a phone call's server
// events as the bridge sees them (per turn: speech_started/stopped, committed, the transcription with
// its usage, response.created, 50 audio deltas each forwarded to the caller, transcript deltas,
// response.done with its usage). Prints the CPU time per event (process.cpuUsage over many turns,
// against the same loop without the recording). What a call keeps is a number per turn and per tool run.
import { CallFigures } from '@annie/api/src/modules/voice/bridge/call-figures.ts';
import { verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

/** A server event as the bridge hands it to the recording. */
type RealtimeServerEvent = Parameters<CallFigures['observe']>[0];

const OPTIONS = benchOptions('call-figures', {
  quick: { type: 'boolean', help: '2,000 turns instead of 20,000' },
});
const TURNS = OPTIONS.quick ? 2_000 : 20_000;
const DELTAS_PER_TURN = 50;
/** Target: recording adds under a microsecond of CPU per event. */
const TARGET_NS_PER_EVENT = 1_000;

const usage = {
  total_tokens: 900,
  input_tokens: 700,
  output_tokens: 200,
  input_token_details: {
    text_tokens: 500,
    audio_tokens: 200,
    image_tokens: 0,
    cached_tokens: 400,
    cached_tokens_details: { text_tokens: 300, audio_tokens: 100, image_tokens: 0 },
  },
  output_token_details: { text_tokens: 40, audio_tokens: 160 },
};

/** One caller turn and its reply, as the server events of a phone call carry them. */
function turnEvents(): { event: RealtimeServerEvent; audio: boolean }[] {
  const item = { item_id: 'item_1', event_id: 'event_1' };
  const base = { ...item, response_id: 'resp_1', output_index: 0, content_index: 0 };
  const events = [
    { type: 'input_audio_buffer.speech_started', audio_start_ms: 0, ...item },
    { type: 'input_audio_buffer.speech_stopped', audio_end_ms: 900, ...item },
    { type: 'input_audio_buffer.committed', previous_item_id: null, ...item },
    {
      type: 'conversation.item.input_audio_transcription.completed',
      content_index: 0,
      transcript: 'What is on today?',
      usage: { type: 'duration', seconds: 0.9 },
      ...item,
    },
    { type: 'response.created', event_id: 'event_2', response: { id: 'resp_1' } },
  ].map((event) => ({ event: event as unknown as RealtimeServerEvent, audio: false }));
  for (let delta = 0; delta < DELTAS_PER_TURN; delta += 1) {
    events.push({ event: { type: 'response.output_audio.delta', delta: '', ...base } as never, audio: true });
    if (delta % 5 === 0)
      events.push({
        event: { type: 'response.output_audio_transcript.delta', delta: ' word', ...base } as never,
        audio: false,
      });
  }
  events.push({
    event: { type: 'response.done', event_id: 'event_3', response: { id: 'resp_1', usage } } as never,
    audio: false,
  });
  return events;
}

/** CPU ns per event over TURNS turns; with `record` false the loop only walks the events. */
function run(
  events: ReturnType<typeof turnEvents>,
  record: boolean,
): { nsPerEvent: number; figures: CallFigures } {
  const figures = new CallFigures();
  let sink = 0;
  const started = process.cpuUsage();
  for (let turn = 0; turn < TURNS; turn += 1) {
    for (const { event, audio } of events) {
      if (record) {
        figures.observe(event);
        if (audio) figures.audioSent();
      } else sink += event.type.length;
    }
  }
  const used = process.cpuUsage(started);
  if (sink < 0) console.log(sink);
  return { nsPerEvent: ((used.user + used.system) * 1000) / (TURNS * events.length), figures };
}

const events = turnEvents();
// Warm both loops up so the JIT has compiled them before they are timed.
run(events, true);
run(events, false);
const recorded = run(events, true);
const bare = run(events, false);
const added = Math.max(0, recorded.nsPerEvent - bare.nsPerEvent);
const snapshot = recorded.figures.snapshot();
console.log(`call-figures: ${TURNS} turns of ${events.length} events (${DELTAS_PER_TURN} audio deltas each)`);
console.log(`  recording          ${recorded.nsPerEvent.toFixed(1)} ns CPU per event`);
console.log(`  without recording  ${bare.nsPerEvent.toFixed(1)} ns CPU per event`);
console.log(
  `  recording adds     ${added.toFixed(1)} ns per event  (target < ${TARGET_NS_PER_EVENT} ns) ${verdict(added < TARGET_NS_PER_EVENT)}`,
);
console.log(
  `  sanity: ${snapshot.latenciesMs.length} latencies, ${snapshot.voice.outputAudio} output audio tokens`,
);
