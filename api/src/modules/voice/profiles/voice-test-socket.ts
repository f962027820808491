import type { CallFigures } from '@annie/contracts/usage';
import { type VoiceTestServerMessage, voiceTestClientMessageSchema } from '@annie/contracts/voice-session';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { traceCall } from '../../../observability/index.ts';
import type { CallEngines, MeasuredCall, OpenCallEngine } from '../bridge/index.ts';
import { PCM16_24K, pcm16Level } from '../bridge/index.ts';
import type { VoiceTestTicket } from './voice-test-tickets.ts';

/** The longest a test session may run before the server ends it. */
export const TEST_SESSION_MAX_MS = 15 * 60_000;
// Microphone frames that arrive while the realtime side is still connecting (about 2 s of audio).
const EARLY_FRAMES_MAX = 25;

/**
 * One test-panel connection: the browser's microphone (binary PCM16 frames) goes through the
 * bridge of the profile's engine (Realtime or GPT-Live); the assistant's audio comes back as binary frames, transcripts and levels as
 * JSON. Either side closing ends both.
 */
export function runVoiceTestSocket(
  ws: WebSocket,
  ticket: VoiceTestTicket,
  bridges: CallEngines,
  logger: Logger,
  /** Prices what the bridge measured: sent to the panel after every response, live. */
  price?: (measured: MeasuredCall) => CallFigures,
  /** Hears what the whole test call measured once it ends (for the usage ledger: a test call is billed too). */
  ended?: (measured: MeasuredCall) => void,
): void {
  // One trace per test call, as per phone call: its turns and tool runs beneath, its log lines carry its id.
  const inCall = traceCall('voice console test', ws);
  const send = (message: VoiceTestServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  let bridge: OpenCallEngine | null = null;
  const early: Buffer[] = [];
  const limit = setTimeout(() => ws.close(1000, 'Test session time limit reached'), TEST_SESSION_MAX_MS);
  limit.unref();

  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      const frame = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
      if (!bridge?.isPaused) send({ type: 'audio_level', level: pcm16Level(frame) });
      if (bridge) bridge.appendAudio(frame);
      else if (early.length < EARLY_FRAMES_MAX) early.push(frame);
      return;
    }
    const parsed = voiceTestClientMessageSchema.safeParse(safeJson(data.toString()));
    if (!parsed.success || !bridge) return;
    if (parsed.data.type === 'pause_audio') bridge.pause();
    else if (parsed.data.type === 'resume_audio') bridge.resume();
    else bridge.interrupt();
  });

  ws.on('close', () => {
    clearTimeout(limit);
    if (bridge) ended?.(bridge.figures.snapshot());
    bridge?.close('test ended');
  });

  inCall(() =>
    bridges.open({
      // The panel tests the engine the profile names: its split applies to real calls only.
      compiled: { ...ticket.compiled, engineSplitPercent: 0 },
      format: PCM16_24K,
      greet: true,
      hooks: {
        onAudio: (chunk) => ws.readyState === ws.OPEN && ws.send(chunk, { binary: true }),
        onTranscript: (entry) => send({ type: 'transcript', ...entry }),
        onResponseDone: () => {
          if (bridge && price) send({ type: 'figures', figures: price(bridge.figures.snapshot()) });
        },
        onError: (message) =>
          logger.warn({ sessionId: ticket.sessionId, message }, 'realtime error in voice test'),
        onEnd: (reason) => ws.readyState === ws.OPEN && ws.close(1000, reason.slice(0, 100)),
      },
    }),
  )
    .then((opened) => {
      if (ws.readyState !== ws.OPEN) return opened.close('test ended');
      bridge = opened;
      for (const frame of early.splice(0)) opened.appendAudio(frame);
    })
    .catch((error: Error) => {
      logger.warn({ sessionId: ticket.sessionId, err: error }, 'voice test could not reach the realtime API');
      send({ type: 'error', message: 'Unable to reach the realtime voice service' });
      ws.close(1011, 'Realtime connection failed');
    });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
