import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { MULAW_FRAME_BYTES } from './mulaw.ts';
import { twilioSignature } from './twilio-signature.ts';

/** What the callee does once the stream is up. */
export type CalleeScript = {
  /** μ-law audio the callee "says", sent as 20 ms media frames. */
  audio: Buffer;
  /** Pause between frames: 20 plays in real time (as Twilio does); 0 sends them all at once (tests). */
  frameIntervalMs: number;
  /**
   * The callee listens before it speaks: it waits for the app's first audio (the greeting) and until
   * that has played to its end, so it never talks over a greeting however late the greeting comes.
   */
  listensFirst?: boolean;
  /** With `listensFirst`: how long the callee pauses after the greeting before speaking (a breath). */
  answersAfterMs?: number;
  /** The callee hangs up this long after its audio ended; undefined waits for the app to end the call. */
  hangUpAfterMs?: number;
};

/** What the fake saw on one call's media stream. */
export type StreamRecord = {
  streamSid: string;
  /** HTTP status of a refused handshake (the app did not accept Twilio's WebSocket). */
  refusedWith?: number;
  /** `performance.now()` when each callee frame was sent (benchmarks correlate them in order). */
  sentFrameAt: number[];
  /** Assistant audio the app sent back: arrival time and μ-law byte count of each media message. */
  media: { at: number; bytes: number }[];
  marks: string[];
  /** For each mark, how many μ-law bytes of assistant audio the app had sent before it. */
  markAfterBytes: number[];
  /** Marks echoed back after the audio before them had played (or was cleared). */
  echoedMarks: string[];
  /** `performance.now()` when each of `echoedMarks` was echoed. */
  echoedMarkAt: number[];
  clears: number;
  /** Anything else the app sent (Twilio would refuse the stream for it). */
  unexpected: string[];
  /** `network`: the connection was cut (`drop`), neither side closed it. */
  closedBy?: 'app' | 'fake' | 'network';
};

const frameBytes = MULAW_FRAME_BYTES;

/**
 * One call's media stream as Twilio runs it: opens the app's WebSocket with Twilio's signature over the
 * wss URL, sends connected/start/media/stop, plays what the app sends back in real time (so marks are
 * echoed when reached and `clear` drops the rest), and records all of it.
 */
export class FakeCallStream {
  readonly record: StreamRecord;
  private socket: WebSocket | undefined;
  private sequence = 0;
  private playEndsAt = 0;
  private readonly pendingMarks: { name: string; timer: NodeJS.Timeout }[] = [];
  private readonly closed: Promise<void>;
  private resolveClosed: () => void = () => {};
  private frameTimer: NodeJS.Timeout | undefined;
  /** Ends the wait for the next frame early (a hang-up mid-speech), so `speak` returns. */
  private wakeSpeaker: (() => void) | undefined;
  /** Resolves when the app's first audio arrives (or the stream closes). */
  private readonly firstAudio: Promise<void>;
  private resolveFirstAudio: () => void = () => {};

  private readonly call: { accountSid: string; callSid: string; parameters: Record<string, string> };

  constructor(call: { accountSid: string; callSid: string; parameters: Record<string, string> }) {
    this.call = call;
    this.record = {
      streamSid: `MZ${randomBytes(16).toString('hex')}`,
      sentFrameAt: [],
      media: [],
      marks: [],
      markAfterBytes: [],
      echoedMarks: [],
      echoedMarkAt: [],
      clears: 0,
      unexpected: [],
    };
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
    this.firstAudio = new Promise((resolve) => {
      this.resolveFirstAudio = resolve;
    });
  }

  /** Opens the stream (signed over `signedUrl`, connected to `targetUrl`); false if the app refused it. */
  async open(authToken: string, signedUrl: string, targetUrl: string): Promise<boolean> {
    const socket = new WebSocket(targetUrl, {
      headers: { 'X-Twilio-Signature': twilioSignature(authToken, signedUrl, {}) },
    });
    this.socket = socket;
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true));
      socket.once('unexpected-response', (_request, response) => {
        this.record.refusedWith = response.statusCode;
        resolve(false);
      });
      socket.once('error', () => resolve(false));
    });
    if (!opened) {
      this.resolveClosed();
      return false;
    }
    socket.on('message', (data) => this.onAppMessage(data.toString()));
    socket.on('close', () => {
      this.record.closedBy ??= 'app';
      this.stopFrames();
      this.resolveClosed();
    });
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      start: {
        accountSid: this.call.accountSid,
        streamSid: this.record.streamSid,
        callSid: this.call.callSid,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: this.call.parameters,
      },
    });
    return true;
  }

  /** Plays the callee's audio; resolves once it has all been sent. */
  async speak(script: CalleeScript): Promise<void> {
    if (script.listensFirst) {
      await this.hearGreeting();
      if (script.answersAfterMs) await this.pause(performance.now() + script.answersAfterMs);
    }
    const frames = Math.ceil(script.audio.length / frameBytes);
    const started = performance.now();
    for (let index = 0; index < frames; index++) {
      if (!this.isOpen) return;
      const payload = script.audio.subarray(index * frameBytes, (index + 1) * frameBytes);
      this.record.sentFrameAt.push(performance.now());
      this.send({
        event: 'media',
        media: {
          track: 'inbound',
          chunk: String(index + 1),
          timestamp: String(index * 20),
          payload: payload.toString('base64'),
        },
      });
      // Paced against the start, so timer drift does not accumulate over the call.
      if (script.frameIntervalMs > 0) await this.pause(started + (index + 1) * script.frameIntervalMs);
    }
  }

  /** Waits for the app's first audio, then until all it has sent so far has played out. */
  private async hearGreeting(): Promise<void> {
    await Promise.race([this.firstAudio, this.closed]);
    while (this.isOpen && performance.now() < this.playEndsAt) await this.pause(this.playEndsAt);
  }

  /** Sleeps until `due` (a `performance.now()` time); a hang-up ends the sleep early. */
  private pause(due: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeSpeaker = resolve;
      this.frameTimer = setTimeout(resolve, Math.max(0, due - performance.now()));
    });
  }

  /**
   * The caller presses keys: one `dtmf` message per key, as Twilio sends them on a bidirectional stream
   * (track `inbound_track`). Twilio detects only the keypad's keys, so anything else is refused here.
   */
  pressKeys(keys: string): void {
    if (!/^[0-9*#]*$/.test(keys)) throw new Error(`Not keypad keys: ${keys}`);
    for (const digit of keys) this.send({ event: 'dtmf', dtmf: { track: 'inbound_track', digit } });
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** The callee hangs up (or the app asked Twilio to end the call): `stop`, then the socket closes. */
  async hangUp(): Promise<void> {
    this.stopFrames();
    if (this.isOpen) {
      this.record.closedBy = 'fake';
      this.send({
        event: 'stop',
        stop: { accountSid: this.call.accountSid, callSid: this.call.callSid },
      });
      this.socket?.close(1000, 'Call ended');
    }
    await this.closed;
  }

  /** The connection is cut (a network fault): no `stop`, no close handshake. */
  drop(): void {
    this.stopFrames();
    this.record.closedBy = 'network';
    this.socket?.terminate();
  }

  /** Resolves when the stream has closed, whichever side closed it. */
  whenClosed(): Promise<void> {
    return this.closed;
  }

  private stopFrames(): void {
    clearTimeout(this.frameTimer);
    this.wakeSpeaker?.();
    for (const mark of this.pendingMarks.splice(0)) clearTimeout(mark.timer);
  }

  private send(message: Record<string, unknown>): void {
    if (!this.isOpen) return;
    this.sequence += 1;
    const stamped =
      message.event === 'connected'
        ? message
        : { ...message, sequenceNumber: String(this.sequence), streamSid: this.record.streamSid };
    this.socket?.send(JSON.stringify(stamped));
  }

  private onAppMessage(text: string): void {
    let message: {
      event?: string;
      streamSid?: string;
      media?: { payload?: string };
      mark?: { name?: string };
    };
    try {
      message = JSON.parse(text);
    } catch {
      this.record.unexpected.push(text);
      return;
    }
    const now = performance.now();
    if (message.streamSid !== this.record.streamSid) {
      this.record.unexpected.push(text);
      return;
    }
    if (message.event === 'media' && typeof message.media?.payload === 'string') {
      const bytes = Buffer.from(message.media.payload, 'base64').length;
      this.record.media.push({ at: now, bytes });
      this.playEndsAt = Math.max(this.playEndsAt, now) + bytes / 8;
      this.resolveFirstAudio();
    } else if (message.event === 'mark' && typeof message.mark?.name === 'string') {
      const name = message.mark.name;
      this.record.marks.push(name);
      this.record.markAfterBytes.push(this.record.media.reduce((sum, media) => sum + media.bytes, 0));
      const timer = setTimeout(() => this.echoMark(name), Math.max(0, this.playEndsAt - now));
      this.pendingMarks.push({ name, timer });
    } else if (message.event === 'clear') {
      this.record.clears += 1;
      this.playEndsAt = now;
      // Twilio answers every outstanding mark at once when its buffer is cleared.
      for (const mark of this.pendingMarks.splice(0)) {
        clearTimeout(mark.timer);
        this.echoMark(mark.name, false);
      }
    } else {
      this.record.unexpected.push(text);
    }
  }

  private echoMark(name: string, pending = true): void {
    if (pending) {
      const index = this.pendingMarks.findIndex((mark) => mark.name === name);
      if (index >= 0) this.pendingMarks.splice(index, 1);
    }
    this.record.echoedMarks.push(name);
    this.record.echoedMarkAt.push(performance.now());
    this.send({ event: 'mark', mark: { name } });
  }
}
