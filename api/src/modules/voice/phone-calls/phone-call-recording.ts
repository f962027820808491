import type { Logger } from 'pino';
import type { Pool } from '../../../db/pool.ts';
import type { BridgeTranscriptEntry, MeasuredCall } from '../bridge/index.ts';
import { endPhoneCall, type PhoneCallRow } from './phone-call.queries.ts';
import { currentStreamOf, saveStreamFigures, streamFiguresOf } from './phone-call-resume.queries.ts';
import type { CallSessionRecorder } from './phone-call-sessions.ts';
import { STREAM_LOST_WAIT_MS } from './resumed-stream.ts';
import { mergeMeasured } from './stream-figures.ts';

/** How often a stream keeps what it measured: a crash of its instance loses at most this much of it. */
export const FIGURES_CHECKPOINT_MS = 5_000;

export type CallModels = { voice: string; transcription: string | null };

/**
 * The figures of a call whose stream is gone without its final record (a crashed instance): what
 * every stream kept, as one call; nothing measured when none did.
 */
export async function keptFiguresOf(pool: Pool, id: string, except?: string): Promise<MeasuredCall> {
  const kept = await streamFiguresOf(pool, id);
  return mergeMeasured(
    Object.entries(kept)
      .filter(([streamSid]) => streamSid !== except)
      .map(([, measured]) => measured),
  );
}

/**
 * How one media stream records its call: transcript lines in the order they were said, what it measured
 * kept every few seconds (so the call's figures survive a crash), and, at the end, the call ended with
 * one figures row for all of its streams.
 */
export class PhoneCallRecording {
  private transcript: Promise<void> = Promise.resolve();
  private checkpoint: NodeJS.Timeout | undefined;
  private kept = '';
  private readonly deps: { pool: Pool; sessions: CallSessionRecorder; log: Logger };

  constructor(deps: { pool: Pool; sessions: CallSessionRecorder; log: Logger }) {
    this.deps = deps;
  }

  /** Saves a line (one at a time, so the lines are stored in the order they were said). */
  line(call: PhoneCallRow, role: BridgeTranscriptEntry['speaker'], content: string): void {
    const sessionId = call.call_session_id;
    if (!sessionId) return;
    const line = { role, content, timestamp: new Date().toISOString() };
    this.transcript = this.transcript
      .then(() => this.deps.sessions.appendTranscript(call.tenant_id, sessionId, line))
      .catch((error: Error) => this.deps.log.warn({ err: error }, 'transcript line not saved'));
  }

  /** Keeps what the stream measured every FIGURES_CHECKPOINT_MS, until `stop`. */
  keepFigures(call: PhoneCallRow, streamSid: string, measure: () => MeasuredCall | undefined): void {
    this.checkpoint = setInterval(() => void this.keep(call.id, streamSid, measure()), FIGURES_CHECKPOINT_MS);
    this.checkpoint.unref();
  }

  private async keep(id: string, streamSid: string, measured: MeasuredCall | undefined): Promise<void> {
    const json = measured && JSON.stringify(measured);
    if (!measured || json === this.kept) return;
    this.kept = json ?? '';
    await saveStreamFigures(this.deps.pool, id, streamSid, measured).catch((error: Error) =>
      this.deps.log.warn({ err: error }, 'call figures not kept'),
    );
  }

  /** The stream is over: its last lines are saved and nothing more is kept. */
  async stop(): Promise<void> {
    clearInterval(this.checkpoint);
    await this.transcript;
  }

  /**
   * The stream was lost, not the call: its last figures are kept for the stream that takes the call over
   * (on any instance). If none has by STREAM_LOST_WAIT_MS, the call is over after all.
   */
  async handOver(
    call: PhoneCallRow,
    streamSid: string,
    last: { streamSid: string | undefined; measured: MeasuredCall; models: CallModels },
  ): Promise<void> {
    await this.stop();
    await saveStreamFigures(this.deps.pool, call.id, streamSid, last.measured).catch((error: Error) =>
      this.deps.log.warn({ err: error }, 'call figures not kept'),
    );
    const timer = setTimeout(async () => {
      const now = await currentStreamOf(this.deps.pool, call.id).catch(() => undefined);
      if (now && !now.ended_at && now.stream_sid === streamSid) await this.end(call, last);
    }, STREAM_LOST_WAIT_MS);
    timer.unref();
  }

  /**
   * The call is over: the number is free and the session ends (a status callback may say so again,
   * which changes nothing); its figures are this stream's with those the call's other streams kept.
   */
  async end(
    call: PhoneCallRow,
    last: { streamSid: string | undefined; measured: MeasuredCall; models: CallModels },
  ): Promise<void> {
    await this.stop();
    const sessionId = call.call_session_id;
    const changed = await endPhoneCall(this.deps.pool, call.id).catch(() => false);
    if (changed && sessionId) {
      await this.deps.sessions
        .end(call.tenant_id, sessionId)
        .catch((error: Error) => this.deps.log.warn({ err: error }, 'call session not ended'));
    }
    if (!sessionId) return;
    const before = await keptFiguresOf(this.deps.pool, call.id, last.streamSid).catch(() => undefined);
    await this.deps.sessions
      .recordFigures?.({
        tenantId: call.tenant_id,
        callSessionId: sessionId,
        measured: mergeMeasured([...(before ? [before] : []), last.measured]),
        models: last.models,
        twilioCallSid: call.twilio_call_sid,
      })
      .catch((error: Error) => this.deps.log.warn({ err: error }, 'call figures not recorded'));
  }
}
