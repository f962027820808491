#!/usr/bin/env node
// Realtime and GPT-Live side by side on the phone bridge, our side only. Both fakes run on a worker
// thread with the same script (the same greeting and reply, the model "thinks" THINK_MS, replies play at
// real-time pace), so this thread holds only our bridges and the scripted callers, and its own CPU
// (process.threadCpuUsage) is the bridges'. For each engine, CALLS phone calls (μ-law 8 kHz, the format
// Twilio streams) are opened STAGGER_MS apart and greet; each caller then speaks TURNS turns of 1 s in
// 20 ms frames, 4.5 s apart. Printed per engine:
//  - open → greeting asked at the fake: the socket (TLS on loopback), the session's start and the
//    greeting request (Live: session.commentary.append; Realtime: response.create);
//  - open → greeting's first audio handed to the call (the fake's speech start included);
//  - a frame's time in our bridge, caller → fake and fake → call;
//  - per-turn latency as the bridge records it, and at the call (caller's last frame → first reply
//    audio), both including the fake's THINK_MS and its pacing: the model's time, not ours;
//  - CPU of this thread per call, and per call-second.
// Times cross threads on the process's monotonic clock (sharedClock).
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { MULAW_8K } from '@annie/api/src/modules/voice/bridge/audio-format.ts';
import type { OpenCallEngine } from '@annie/api/src/modules/voice/bridge/call-engines.ts';
import { LiveBridges } from '@annie/api/src/modules/voice/bridge/live/live-bridges.ts';
import { RealtimeBridges } from '@annie/api/src/modules/voice/bridge/realtime-bridges.ts';
import { compileVoiceSession } from '@annie/api/src/modules/voice/profiles/compile-voice-session.ts';
import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { calleeAudio, spokenBytes } from '@annie/fakes/mulaw';
import { sharedClock } from '../lib/realtime-fake-worker.ts';
import { ms, summary } from '../lib/stats.ts';
import { workerReplies } from '../lib/worker-replies.ts';
import { benchOptions } from './benchmarks.ts';

const KEY = 'sk-bench-engines';
const THINK_MS = 200;
const FRAME_BYTES = 160;
const SPEAK_FRAMES = 50;
// (the caller's words: up to SPEAK_FRAMES frames, see callerSpeech)
// Long enough for the reply (about 2 s) to end before the caller speaks again: neither fake hears a
// caller over the assistant's reply.
const TURN_GAP_MS = 4_500;
const STAGGER_MS = 250;
const REPLY = 'Certainly, here is the answer you asked for.';

type Engine = 'realtime' | 'live';
/** One fake session as the worker reports it: client events received and audio sent, on the shared clock. */
type FakeSession = { received: { type: string; at: number }[]; audioSentAt: number[] };
type Started = { realtime: { baseURL: string; ca: string }; live: { baseURL: string; ca: string } };

/** The worker: both fakes, the same script; answers 'realtime' / 'live' with its sessions, 'close'. */
async function runFakes(turns: number) {
  const port = parentPort;
  if (!port) return;
  const { startOpenAIRealtimeFake } = await import('@annie/fakes/openai-realtime-fake');
  const { startOpenAILiveFake } = await import('@annie/fakes/openai-live-fake');
  const transcripts = Array.from({ length: turns }, (_, turn) => `Question number ${turn + 1}?`);
  // A turn is the caller's words: every byte of them for the Realtime fake, their speech for the Live
  // fake (which counts no silence towards a turn); both hear it end with the caller's last frame.
  const speech = callerSpeech();
  const realtime = await startOpenAIRealtimeFake({
    apiKey: KEY,
    script: {
      userTranscripts: transcripts,
      bytesPerUserTurn: speech.length,
      assistantReply: REPLY,
      audioChunksPerReply: 20,
      chunkIntervalMs: 100,
      responseDelayMs: THINK_MS,
    },
  });
  const live = await startOpenAILiveFake({
    apiKey: KEY,
    script: {
      userTurns: transcripts.map((transcript) => ({ transcript })),
      bytesPerUserTurn: spokenBytes(speech),
      greeting: REPLY,
      assistantReply: REPLY,
      responseDelayMs: THINK_MS,
    },
  });
  const clock = sharedClock();
  const report = (received: { type: unknown }[], receivedAt: number[], sent: number[]): FakeSession => ({
    received: received.map((event, index) => ({
      type: String(event.type),
      at: clock(receivedAt[index] ?? 0),
    })),
    audioSentAt: sent.map(clock),
  });
  port.postMessage({
    realtime: { baseURL: realtime.baseURL, ca: realtime.ca },
    live: { baseURL: live.baseURL, ca: live.ca },
  } satisfies Started);
  port.on('message', async (message: string) => {
    if (message === 'close') {
      await Promise.all([realtime.close(), live.close()]);
      port.postMessage('closed');
    } else if (message === 'realtime') {
      port.postMessage(realtime.sessions.map((s) => report(s.received, s.receivedAt, s.sentAudioAt)));
    } else {
      port.postMessage(live.sessions.map((s) => report(s.received, s.receivedAt, s.frameSentAt)));
    }
  });
}

/** μ-law silence is 0xFF (and 0x7F); anything else is speech. */
const speaks = (chunk: Buffer) => chunk.some((byte) => byte !== 0xff && byte !== 0x7f);

/** About 1 s of the callee fixture, cut after its last spoken frame: a turn ends with its last frame. */
function callerSpeech(): Buffer {
  const audio = calleeAudio().subarray(0, SPEAK_FRAMES * FRAME_BYTES);
  let frames = SPEAK_FRAMES;
  while (frames > 1 && !speaks(audio.subarray((frames - 1) * FRAME_BYTES, frames * FRAME_BYTES))) frames -= 1;
  return audio.subarray(0, frames * FRAME_BYTES);
}
const sleepUntil = (due: number) =>
  new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));

type CallTimes = {
  opened: number;
  firstSound: number;
  arrivals: number[];
  handed: number[];
  turnEnds: number[];
  replyStarts: number[];
  recorded: number[];
  ended: number;
};

async function runCall(open: (onAudio: (chunk: Buffer) => void) => Promise<OpenCallEngine>, turns: number) {
  const speech = callerSpeech();
  const frames = speech.length / FRAME_BYTES;
  const times: CallTimes = {
    opened: performance.now(),
    firstSound: 0,
    arrivals: [],
    handed: [],
    turnEnds: [],
    replyStarts: [],
    recorded: [],
    ended: 0,
  };
  const bridge = await open((chunk) => {
    const now = performance.now();
    times.arrivals.push(now);
    if (!speaks(chunk)) return;
    if (!times.firstSound) times.firstSound = now;
    const turn = times.turnEnds.length;
    if (turn > 0 && times.replyStarts.length < turn) times.replyStarts.push(now);
  });
  await sleepUntil(times.opened + TURN_GAP_MS);
  for (let turn = 0; turn < turns; turn += 1) {
    const from = performance.now();
    for (let frame = 0; frame < frames; frame += 1) {
      times.handed.push(performance.now());
      bridge.appendAudio(speech.subarray(frame * FRAME_BYTES, (frame + 1) * FRAME_BYTES));
      await sleepUntil(from + (frame + 1) * 20);
    }
    times.turnEnds.push(times.handed.at(-1) ?? 0);
    await sleepUntil(from + TURN_GAP_MS);
  }
  times.recorded = bridge.figures.snapshot().latenciesMs;
  bridge.close('bench over');
  times.ended = performance.now();
  return times;
}

function print(engine: Engine, calls: CallTimes[], fake: FakeSession[], cpuMs: number, seconds: number) {
  const clock = sharedClock();
  const asked = engine === 'live' ? 'session.commentary.append' : 'response.create';
  const append = engine === 'live' ? 'session.input_audio.append' : 'input_audio_buffer.append';
  const series = {
    asked: [] as number[],
    greeting: [] as number[],
    into: [] as number[],
    out: [] as number[],
  };
  const turnAtCall: number[] = [];
  for (const [index, call] of calls.entries()) {
    const session = fake[index];
    if (!session) continue;
    series.asked.push(
      (session.received.find((event) => event.type === asked)?.at ?? Number.NaN) - clock(call.opened),
    );
    series.greeting.push(call.firstSound - call.opened);
    const appends = session.received.filter((event) => event.type === append);
    for (const [frame, at] of call.handed.entries())
      series.into.push((appends[frame]?.at ?? Number.NaN) - clock(at));
    for (const [frame, at] of call.arrivals.entries())
      series.out.push(clock(at) - (session.audioSentAt[frame] ?? Number.NaN));
    for (const [turn, end] of call.turnEnds.entries())
      turnAtCall.push((call.replyStarts[turn] ?? Number.NaN) - end);
  }
  const line = (label: string, values: number[]) => {
    const finite = values.filter(Number.isFinite);
    const s = summary(finite);
    console.log(`  ${label.padEnd(58)} p50 ${ms(s.p50, 1)}  p95 ${ms(s.p95, 1)}  (n=${finite.length})`);
  };
  console.log(engine === 'live' ? 'GPT-Live (LiveWS)' : 'Realtime (OpenAI Realtime WebSocket)');
  line('open → greeting asked at the fake', series.asked);
  line('open → greeting audio handed to the call', series.greeting);
  line('caller frame → fake (in our bridge)', series.into);
  line('fake frame → call (in our bridge)', series.out);
  line(
    `per-turn latency recorded (fake thinks ${THINK_MS} ms)`,
    calls.flatMap((call) => call.recorded),
  );
  line("per-turn at the call: caller's last frame → reply audio", turnAtCall);
  console.log(
    `  CPU of our bridges: ${ms(cpuMs / calls.length, 1)} per call, ${ms(cpuMs / seconds, 2)} per call-second`,
  );
}

async function main() {
  const options = benchOptions('engines', {
    quick: { type: 'boolean', help: '3 calls of 2 turns per engine instead of 10 of 4' },
  });
  const calls = options.quick ? 3 : 10;
  const turns = options.quick ? 2 : 4;
  const worker = new Worker(new URL(import.meta.url), { workerData: { turns } });
  const replies = workerReplies<Started>(worker);
  const { ask } = replies;
  const started = await replies.started;
  const bridges = {
    realtime: new RealtimeBridges({
      apiKey: KEY,
      baseURL: started.realtime.baseURL,
      ca: started.realtime.ca,
    }),
    live: new LiveBridges({ apiKey: KEY, baseURL: started.live.baseURL, ca: started.live.ca }),
  };
  console.log(
    `Phone bridge, Realtime vs GPT-Live: ${calls} calls per engine opened ${STAGGER_MS} ms apart, ${turns} turns each, the same script against the fakes (on a worker thread)`,
  );
  for (const engine of ['realtime', 'live'] as const) {
    const compiled = compileVoiceSession(
      { ...VOICE_PROFILE_DEFAULTS, name: 'Bench', engine },
      { instructions: '', personalityTraits: [], model: null },
      'gpt-realtime-2.1',
    );
    const open = (onAudio: (chunk: Buffer) => void): Promise<OpenCallEngine> => {
      const request = { compiled, format: MULAW_8K, greet: true, hooks: { onAudio, onTranscript: () => {} } };
      return engine === 'live' ? bridges.live.open(request) : bridges.realtime.open(request);
    };
    const cpuBefore = process.threadCpuUsage();
    const from = performance.now();
    const times = await Promise.all(
      Array.from({ length: calls }, async (_, call) => {
        await sleepUntil(from + call * STAGGER_MS);
        return runCall(open, turns);
      }),
    );
    const cpu = process.threadCpuUsage(cpuBefore);
    const callSeconds = times.reduce((sum, call) => sum + (call.ended - call.opened), 0) / 1000;
    print(engine, times, await ask<FakeSession[]>(engine), (cpu.user + cpu.system) / 1000, callSeconds);
  }
  bridges.realtime.closeAll();
  bridges.live.closeAll();
  await ask('close');
  await worker.terminate();
}

if (isMainThread) await main();
else await runFakes((workerData as { turns: number }).turns);
