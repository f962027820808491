#!/usr/bin/env node
import { MULAW_8K } from '@annie/api/src/modules/voice/bridge/audio-format.ts';
import { LiveBridges } from '@annie/api/src/modules/voice/bridge/live/live-bridges.ts';
import { compileVoiceSession } from '@annie/api/src/modules/voice/profiles/compile-voice-session.ts';
// Phone calls on GPT-Live, our side only: CALLS bridges at once against the Live fake in this process
// (official SDK, TLS loopback). Each caller speaks 1 s of μ-law in 20 ms frames, then listens for 2 s;
// the fake answers every turn after THINK_MS and streams its voice at real-time pace, silence included.
// Prints the time each frame spends in our bridge (caller frame handed to the bridge → the fake has it;
// the fake's frame sent → the bridge hands it to the call), open → the greeting's first audio, the
// per-turn latency the bridge records from the session timeline (the fake's THINK_MS plus its own
// pacing: the model's time, not ours), and the process CPU per call-second (the fake's included).
import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { calleeAudio, spokenBytes } from '@annie/fakes/mulaw';
import { startOpenAILiveFake } from '@annie/fakes/openai-live-fake';
import { ms, summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('live-bridge', {
  quick: { type: 'boolean', help: '3 calls of 3 turns instead of 10 of 5' },
});
const CALLS = OPTIONS.quick ? 3 : 10;
const TURNS = OPTIONS.quick ? 3 : 5;
const THINK_MS = 200;
const FRAME_BYTES = 160;
const SPEAK_FRAMES = 50;
/** Target: a frame spends under 5 ms (p95) in our bridge, either way. */
const TARGET_HOP_MS = 5;

const sleepUntil = (due: number) =>
  new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));

async function main() {
  const speech = calleeAudio().subarray(0, SPEAK_FRAMES * FRAME_BYTES);
  const fake = await startOpenAILiveFake({
    apiKey: 'sk-bench-live',
    script: {
      userTurns: Array.from({ length: TURNS }, (_, turn) => ({ transcript: `Question number ${turn + 1}?` })),
      bytesPerUserTurn: spokenBytes(speech),
      assistantReply: 'Certainly, here is the answer.',
      responseDelayMs: THINK_MS,
    },
  });
  const bridges = new LiveBridges({ apiKey: 'sk-bench-live', baseURL: fake.baseURL, ca: fake.ca });
  const compiled = compileVoiceSession(
    { ...VOICE_PROFILE_DEFAULTS, name: 'Bench', engine: 'live' },
    { instructions: '', personalityTraits: [], model: null },
    'gpt-realtime-2.1',
  );
  const inbound: number[] = [];
  const outbound: number[] = [];
  const greeting: number[] = [];
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CALLS }, async () => {
      const arrivals: number[] = [];
      const handed: number[] = [];
      let firstSound = 0;
      const opened = performance.now();
      const bridge = await bridges.open({
        compiled,
        format: MULAW_8K,
        greet: true,
        hooks: {
          onAudio: (chunk) => {
            arrivals.push(performance.now());
            if (!firstSound && chunk.some((byte) => byte !== 0xff)) firstSound = performance.now();
          },
          onTranscript: () => {},
        },
      });
      const session = await fake.nextSession();
      await sleepUntil(opened + 3_000);
      for (let turn = 0; turn < TURNS; turn += 1) {
        const from = performance.now();
        for (let frame = 0; frame < SPEAK_FRAMES; frame += 1) {
          handed.push(performance.now());
          bridge.appendAudio(speech.subarray(frame * FRAME_BYTES, (frame + 1) * FRAME_BYTES));
          await sleepUntil(from + (frame + 1) * 20);
        }
        await sleepUntil(from + 3_000);
      }
      greeting.push(firstSound - opened);
      latencies.push(...bridge.figures.snapshot().latenciesMs);
      // Frames in order on both sides: the fake's append arrivals match what we handed over, and the
      // bridge's deliveries match the fake's sends.
      const received = session.received
        .map((event, index) => ({ event, at: session.receivedAt[index] ?? 0 }))
        .filter(({ event }) => event.type === 'session.input_audio.append');
      for (const [index, at] of handed.entries()) inbound.push((received[index]?.at ?? Number.NaN) - at);
      // A call is shorter than the fake's record of sent frames (60 s): both lists start at its first frame.
      const sent = session.frameSentAt;
      for (const [index, at] of arrivals.entries()) outbound.push(at - (sent[index] ?? Number.NaN));
      bridge.close('bench over');
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const callSeconds = (CALLS * (performance.now() - started)) / 1000;
  const line = (label: string, values: number[]) => {
    const s = summary(values.filter(Number.isFinite));
    console.log(`  ${label.padEnd(52)} p50 ${ms(s.p50, 2)}  p95 ${ms(s.p95, 2)}  max ${ms(s.max, 1)}`);
    return s;
  };
  console.log(
    `GPT-Live bridge: ${CALLS} phone calls at once, ${TURNS} turns each, model thinks ${THINK_MS} ms`,
  );
  const into = line('caller frame → Live (in our bridge)', inbound);
  const out = line('Live frame → call (in our bridge)', outbound);
  line('bridge open → greeting audio handed to the call', greeting);
  line('per-turn latency recorded (session timeline)', latencies);
  console.log(
    `  CPU per call-second (bridge and fake together)       ${((cpu.user + cpu.system) / 1000 / callSeconds).toFixed(2)} ms`,
  );
  console.log(
    `  frames in our bridge, p95 under ${TARGET_HOP_MS} ms: ${verdict(into.p95 < TARGET_HOP_MS && out.p95 < TARGET_HOP_MS)}`,
  );
  bridges.closeAll();
  await fake.close();
}

await main();
