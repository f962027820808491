import { randomBytes } from 'node:crypto';
import { calleeAudio } from './mulaw.ts';
import { type CalleeScript, FakeCallStream, type StreamRecord } from './twilio-fake-call-stream.ts';
import { connectActionOf, saysOfTwiml, streamOfTwiml } from './twilio-fake-twiml.ts';
import { postSignedWebhook, type WebhookReply } from './twilio-fake-webhooks.ts';

export type { CalleeScript, StreamRecord } from './twilio-fake-call-stream.ts';
export { connectActionOf, saysOfTwiml, streamOfTwiml } from './twilio-fake-twiml.ts';

/** One call the fake placed (the app's calls.create) or delivered (an inbound call to the app). */
export type FakeCall = {
  sid: string;
  direction: 'outbound-api' | 'inbound';
  to: string;
  from: string;
  /** What the app gave Twilio to run: the TwiML of calls.create, or the voice webhook's answer. */
  twiml: string;
  statusCallback?: string;
  statusCallbackEvents: string[];
  /** `performance.now()` when the app asked for the call (or the fake rang the app). */
  placedAt: number;
  /** `performance.now()` when the app asked (REST, Status=completed or canceled) to end the call. */
  endRequestedAt?: number;
  status: string;
  /** The `<Stream url>` of the TwiML and its `<Parameter>`s. */
  streamUrl?: string;
  parameters: Record<string, string>;
  /** The call's media stream now (its latest, when the call was resumed). */
  stream?: StreamRecord;
  /** Every media stream of the call, in order: one, unless a stream ended and `<Connect action>` gave another. */
  streams: StreamRecord[];
  /** Each `<Connect action>` request the fake made: when, the app's answer, and the TwiML it answered. */
  actions: { at: number; reply: number; twiml: string }[];
  /** What `<Say>` verbs the call ran said (an apology, all lines busy). */
  said: string[];
  /** HTTP status of each status callback the app answered, in order, with the status sent. */
  statusReplies: { status: string; reply: number }[];
  /** Whole seconds from answer to hang-up, once the call completed. */
  durationSeconds?: number;
  /** What Twilio charges (negative, as Twilio writes it), once known: some time after completion. */
  price?: string;
};

/** Twilio's US per-minute voice rates (billed per started minute): a local number's inbound, and outbound. */
export const TWILIO_VOICE_RATES_USD = { inbound: 0.0085, 'outbound-api': 0.014 } as const;

/** The price Twilio reports for a call of `seconds`: every started minute at the direction's rate. */
export function twilioCallPrice(direction: FakeCall['direction'], seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return (-(minutes * TWILIO_VOICE_RATES_USD[direction])).toFixed(5);
}

export type FakeCallsOptions = {
  accountSid: string;
  authToken: string;
  /** Where the app really listens, when it differs from the URLs it gives Twilio (signed as given). */
  appUrl?: string;
  callee?: Partial<CalleeScript>;
  /** A call's price is null until this long after it completed (Twilio rates calls afterwards). */
  priceDelayMs?: number;
};

const DEFAULT_CALLEE: CalleeScript = { audio: Buffer.alloc(0), frameIntervalMs: 0 };

/** TwiML documents one call may run (its first, then each `<Connect action>` answer): a loop ends. */
const MAX_TWIML_DOCUMENTS = 20;

/**
 * The fake's voice side: places the calls the app asks for, answers as the callee (a μ-law fixture)
 * through the app's media stream, hangs up, and reports every step to the status callback, signed.
 */
export class FakeCalls {
  readonly calls: FakeCall[] = [];
  private readonly streams = new Map<string, FakeCallStream>();
  private readonly runs = new Map<string, Promise<void>>();
  private readonly hungUp = new Set<string>();
  private readonly options: FakeCallsOptions;
  /** How the callee behaves on the next calls (tests change it between calls). */
  callee: CalleeScript;
  /** Where the app listens (set once the app has started, when it starts after the fake). */
  appUrl: string | undefined;
  /** How long after completion a call's price becomes known (tests change it). */
  priceDelayMs: number;

  constructor(options: FakeCallsOptions) {
    this.options = options;
    this.appUrl = options.appUrl;
    this.priceDelayMs = options.priceDelayMs ?? 0;
    this.callee = { ...DEFAULT_CALLEE, audio: calleeAudio(), ...options.callee };
  }

  /** `POST Calls.json` with the form already checked for To/From; answers the call resource. */
  create(form: URLSearchParams): Record<string, unknown> {
    const call: FakeCall = {
      sid: `CA${randomBytes(16).toString('hex')}`,
      direction: 'outbound-api',
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      twiml: form.get('Twiml') ?? '',
      statusCallback: form.get('StatusCallback') ?? undefined,
      statusCallbackEvents: form.getAll('StatusCallbackEvent'),
      placedAt: performance.now(),
      status: 'queued',
      parameters: {},
      streams: [],
      actions: [],
      said: [],
      statusReplies: [],
    };
    this.calls.push(call);
    // Twilio answers at once and dials afterwards.
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.runOutbound(call));
    this.track(call.sid, run);
    return this.resource(call);
  }

  /** `POST Calls/{sid}.json`: Status=completed hangs up a call in progress. */
  update(sid: string, form: URLSearchParams): Record<string, unknown> | undefined {
    const call = this.calls.find((each) => each.sid === sid);
    if (!call) return undefined;
    if (form.get('Status') === 'completed' || form.get('Status') === 'canceled') {
      call.endRequestedAt ??= performance.now();
      void this.hangUp(sid);
    }
    return this.resource(call);
  }

  /** `GET Calls/{sid}.json`: the call resource, with its duration and, once known, its price. */
  fetch(sid: string): Record<string, unknown> | undefined {
    const call = this.calls.find((each) => each.sid === sid);
    return call && this.resource(call);
  }

  /** Rings the app's voice webhook from `from` to the tenant's number `to` and runs what it answers. */
  async placeInbound(
    input: { from: string; to: string },
    webhook: { signedUrl: string; targetUrl?: string },
  ): Promise<{ sid: string; reply: WebhookReply }> {
    const sid = `CA${randomBytes(16).toString('hex')}`;
    const reply = await postSignedWebhook(
      this.options.authToken,
      webhook.signedUrl,
      {
        AccountSid: this.options.accountSid,
        ApiVersion: '2010-04-01',
        CallSid: sid,
        CallStatus: 'ringing',
        Called: input.to,
        Caller: input.from,
        Direction: 'inbound',
        From: input.from,
        To: input.to,
      },
      webhook.targetUrl ?? this.toApp(webhook.signedUrl),
    );
    const call: FakeCall = {
      sid,
      direction: 'inbound',
      to: input.to,
      from: input.from,
      twiml: reply.text,
      statusCallbackEvents: [],
      placedAt: performance.now(),
      status: 'ringing',
      parameters: {},
      streams: [],
      actions: [],
      said: [],
      statusReplies: [],
    };
    this.calls.push(call);
    this.track(sid, this.connect(call));
    return { sid, reply };
  }

  /** The callee (or the app, through the REST API) ends the call. */
  async hangUp(sid: string): Promise<void> {
    this.hungUp.add(sid);
    await this.streams.get(sid)?.hangUp();
    await this.runs.get(sid);
  }

  /** The call's media stream is cut (a network fault between Twilio and the app); the call stays up. */
  dropStream(sid: string): void {
    const stream = this.streams.get(sid);
    if (!stream?.isOpen) throw new Error(`No open media stream for call ${sid}`);
    stream.drop();
  }

  /** The caller keys digits on the call's open media stream (`dtmf` messages). */
  pressKeys(sid: string, keys: string): void {
    const stream = this.streams.get(sid);
    if (!stream?.isOpen) throw new Error(`No open media stream for call ${sid}`);
    stream.pressKeys(keys);
  }

  /** The caller says more on the call's open media stream: μ-law audio, sent at once. */
  async say(sid: string, audio: Buffer): Promise<void> {
    const stream = this.streams.get(sid);
    if (!stream?.isOpen) throw new Error(`No open media stream for call ${sid}`);
    await stream.speak({ audio, frameIntervalMs: 0 });
  }

  /** Resolves once the call has ended and its last status callback was answered. */
  async ended(sid: string): Promise<FakeCall | undefined> {
    await this.runs.get(sid);
    return this.calls.find((call) => call.sid === sid);
  }

  async closeAll(): Promise<void> {
    for (const sid of this.streams.keys()) this.hungUp.add(sid);
    await Promise.all([...this.streams.values()].map((stream) => stream.hangUp()));
    await Promise.all(this.runs.values());
  }

  private track(sid: string, run: Promise<void>): void {
    this.runs.set(
      sid,
      run.catch(() => {}),
    );
  }

  private async runOutbound(call: FakeCall): Promise<void> {
    await this.report(call, 'initiated', 'initiated');
    await this.report(call, 'ringing', 'ringing');
    await this.report(call, 'in-progress', 'answered');
    await this.connect(call);
  }

  /**
   * Runs the call's TwiML as Twilio does: `<Connect><Stream>` holds the call while its WebSocket is open.
   * When the stream ends with the call still up (the app closed it, its server vanished, or the handshake
   * was refused) and the `<Connect>` has an `action`, Twilio requests that URL (signed, CallStatus
   * in-progress) and runs the TwiML it answers; without one, the TwiML is over and so is the call.
   */
  private async connect(call: FakeCall): Promise<void> {
    let twiml = call.twiml;
    for (let document = 0; document < MAX_TWIML_DOCUMENTS; document++) {
      const stream = streamOfTwiml(twiml);
      call.said.push(...saysOfTwiml(twiml));
      if (!stream || this.hungUp.has(call.sid)) break;
      await this.runStream(call, stream);
      const action = connectActionOf(twiml);
      if (this.hungUp.has(call.sid) || !action) break;
      const reply = await postSignedWebhook(
        this.options.authToken,
        action,
        { ...this.callParams(call), CallStatus: 'in-progress' },
        this.toApp(action),
      );
      call.actions.push({ at: performance.now(), reply: reply.status, twiml: reply.text });
      // Twilio plays its "application error" for anything but TwiML, and ends the call.
      if (reply.status !== 200) break;
      twiml = reply.text;
    }
    const rejected = /<Reject\b[^>]*reason="busy"/.test(call.twiml) ? 'busy' : 'completed';
    await this.report(call, rejected, 'completed');
  }

  /** One `<Connect><Stream>`: opens the app's WebSocket, plays the callee, resolves once it has closed. */
  private async runStream(call: FakeCall, stream: { url: string; parameters: Record<string, string> }) {
    call.status = 'in-progress';
    call.streamUrl = stream.url;
    call.parameters = stream.parameters;
    const media = new FakeCallStream({
      accountSid: this.options.accountSid,
      callSid: call.sid,
      parameters: stream.parameters,
    });
    call.stream = media.record;
    call.streams.push(media.record);
    this.streams.set(call.sid, media);
    const opened = await media.open(this.options.authToken, stream.url, this.toApp(stream.url));
    // Hung up while the stream was opening.
    if (opened && this.hungUp.has(call.sid)) await media.hangUp();
    if (opened) {
      const script = this.callee;
      // A resumed call: the callee already said their part on the first stream.
      if (call.streams.length === 1) await media.speak(script);
      if (script.hangUpAfterMs !== undefined && call.streams.length === 1) {
        const hangUp = setTimeout(() => void this.hangUp(call.sid), script.hangUpAfterMs);
        await media.whenClosed();
        clearTimeout(hangUp);
      } else {
        await media.whenClosed();
      }
    }
    if (this.streams.get(call.sid) === media) this.streams.delete(call.sid);
  }

  private callParams(call: FakeCall): Record<string, string> {
    return {
      AccountSid: this.options.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      Direction: call.direction,
      From: call.from,
      To: call.to,
    };
  }

  private async report(call: FakeCall, status: string, event: string): Promise<void> {
    call.status = status;
    if (status === 'completed' && call.durationSeconds === undefined) this.rate(call);
    if (!call.statusCallback || !call.statusCallbackEvents.includes(event)) return;
    const params: Record<string, string> = {
      AccountSid: this.options.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      CallStatus: status,
      Direction: call.direction,
      From: call.from,
      To: call.to,
      SequenceNumber: String(call.statusReplies.length),
      Timestamp: new Date().toUTCString(),
    };
    if (status === 'completed') params.CallDuration = String(call.durationSeconds ?? 0);
    const reply = await postSignedWebhook(
      this.options.authToken,
      call.statusCallback,
      params,
      this.toApp(call.statusCallback),
    );
    call.statusReplies.push({ status, reply: reply.status });
  }

  /** The call is over: its duration is final at once, its price once Twilio has rated it. */
  private rate(call: FakeCall): void {
    const seconds = Math.round((performance.now() - call.placedAt) / 1000);
    call.durationSeconds = seconds;
    if (this.priceDelayMs <= 0) this.settlePrice(call);
    else setTimeout(() => this.settlePrice(call), this.priceDelayMs).unref();
  }

  private settlePrice(call: FakeCall): void {
    if (call.durationSeconds !== undefined)
      call.price ??= twilioCallPrice(call.direction, call.durationSeconds);
  }

  /** Twilio finishes rating now: every completed call gets its price (tests that delayed it). */
  settlePrices(): void {
    for (const call of this.calls) this.settlePrice(call);
  }

  /** Where the app listens for a URL it gave Twilio: `appUrl`'s origin if set; ws:// for wss:// (no TLS here). */
  private toApp(url: string): string {
    const target = new URL(url);
    if (this.appUrl) {
      const app = new URL(this.appUrl);
      target.host = app.host;
      target.protocol = target.protocol.startsWith('ws') ? app.protocol.replace('http', 'ws') : app.protocol;
    } else if (target.protocol === 'wss:') target.protocol = 'ws:';
    return target.toString();
  }

  private resource(call: FakeCall): Record<string, unknown> {
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const base = `/2010-04-01/Accounts/${this.options.accountSid}/Calls/${call.sid}`;
    return {
      account_sid: this.options.accountSid,
      answered_by: null,
      api_version: '2010-04-01',
      caller_name: null,
      date_created: now,
      date_updated: now,
      direction: call.direction,
      duration: call.durationSeconds === undefined ? null : String(call.durationSeconds),
      end_time: null,
      forwarded_from: null,
      from: call.from,
      from_formatted: call.from,
      parent_call_sid: null,
      phone_number_sid: null,
      price: call.price ?? null,
      price_unit: 'USD',
      sid: call.sid,
      start_time: null,
      status: call.status,
      subresource_uris: {},
      to: call.to,
      to_formatted: call.to,
      uri: `${base}.json`,
    };
  }
}
