import { MediaStreamTrack, type RTCDataChannel, RTCPeerConnection, useOPUS } from 'werift';
import { opusFixture } from './ogg-opus-packets.ts';
import type { LiveRefusal } from './openai-live-config.ts';
import { parseClientEvent } from './openai-live-events.ts';
import type { LiveWire } from './openai-live-wire.ts';
import { OpusRtpPlayer } from './opus-rtp-player.ts';
import { answerOffer } from './webrtc-answer.ts';

/** The data channel a Live WebRTC frontend carries its events on [PKG `openai/live/webrtc`]. */
export const LIVE_EVENTS_CHANNEL = 'oai-events';

type Json = Record<string, unknown>;
type Selector = { type: string; response_event?: string };
/** `session.client.data_channel` (DataChannelConfig); an omitted list allows everything. */
export type DataChannelPermissions = {
  allowed_client_events?: 'all' | string[];
  allowed_server_events?: 'all' | Selector[];
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const invalid = (param: string, message: string): LiveRefusal => ({ code: 'invalid_value', message, param });

function checkSelector(selector: unknown, param: string): LiveRefusal | null {
  if (!isObject(selector) || typeof selector.type !== 'string')
    return invalid(param, 'A server event selector needs a string type.');
  const extra = Object.keys(selector).find((key) => key !== 'type' && key !== 'response_event');
  if (extra) return { code: 'unknown_parameter', message: `Unknown parameter: '${param}.${extra}'.`, param };
  // ServerEventSelector: response_event is required for response.event and forbidden otherwise.
  if ((selector.type === 'response.event') !== (typeof selector.response_event === 'string'))
    return invalid(param, 'response_event is required for response.event and forbidden otherwise.');
  return null;
}

/** The refusal for `session.client` (ClientConfig: `data_channel` and its two lists, nothing else). */
export function checkClientConfig(client: unknown): LiveRefusal | null {
  if (client === undefined) return null;
  if (!isObject(client) || !isObject(client.data_channel))
    return invalid('session.client', 'client must be an object with data_channel.');
  const extraClient = Object.keys(client).find((key) => key !== 'data_channel');
  if (extraClient)
    return {
      code: 'unknown_parameter',
      message: `Unknown parameter: 'session.client.${extraClient}'.`,
      param: `session.client.${extraClient}`,
    };
  const channel = client.data_channel;
  const param = 'session.client.data_channel';
  const extra = Object.keys(channel).find(
    (key) => key !== 'allowed_client_events' && key !== 'allowed_server_events',
  );
  if (extra) return { code: 'unknown_parameter', message: `Unknown parameter: '${param}.${extra}'.`, param };
  const clientEvents = channel.allowed_client_events;
  if (
    clientEvents !== undefined &&
    clientEvents !== 'all' &&
    !(Array.isArray(clientEvents) && clientEvents.every((type) => typeof type === 'string'))
  )
    return invalid(`${param}.allowed_client_events`, "allowed_client_events is 'all' or a list of types.");
  const serverEvents = channel.allowed_server_events;
  if (serverEvents === undefined || serverEvents === 'all') return null;
  if (!Array.isArray(serverEvents))
    return invalid(`${param}.allowed_server_events`, "allowed_server_events is 'all' or a list.");
  for (const [index, selector] of serverEvents.entries()) {
    const refused = checkSelector(selector, `${param}.allowed_server_events[${index}]`);
    if (refused) return refused;
  }
  return null;
}

/** Whether a server event may reach the data channel under `permissions`. */
export function serverEventAllowed(event: Json, permissions: DataChannelPermissions): boolean {
  const allowed = permissions.allowed_server_events;
  if (allowed === undefined || allowed === 'all') return true;
  const inner = isObject(event.event) ? event.event.type : undefined;
  return allowed.some((selector) =>
    selector.type === 'response.event'
      ? event.type === 'response.event' && inner === selector.response_event
      : event.type === selector.type,
  );
}

/** Whether the data channel may send a client event of `type` under `permissions`. */
export function clientEventAllowed(type: string, permissions: DataChannelPermissions): boolean {
  const allowed = permissions.allowed_client_events;
  return allowed === undefined || allowed === 'all' || allowed.includes(type);
}

/**
 * A Live session's WebRTC frontend (the browser) as the fake's primary connection: a werift peer that
 * answers the offer, the `oai-events` data channel for events, and the media track for audio (each
 * 20 ms frame the model speaks is one pre-encoded Opus packet; silence sends none). The startup
 * `client.data_channel` permissions are enforced here: a server event not allowed never reaches the
 * channel, and a client event not allowed is ignored (never acted on), noted in `forbidden`, and
 * answered with an `info` event coded `data_channel_permissions` [SDK InfoEvent's example code; INF
 * that the info itself always reaches the channel].
 */
export class LiveWebRtcWire implements LiveWire {
  readonly kind = 'webrtc';
  /** Client event types the data channel sent without permission, in order (none was acted on). */
  readonly forbidden: string[] = [];
  /** Server events kept from the data channel by its permissions. */
  withheld = 0;
  /** Server events that reached the data channel, in order (their types). */
  readonly delivered: string[] = [];
  microphonePackets = 0;
  onMicrophonePacket: () => void = () => {};

  private readonly pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()] }, iceServers: [] });
  private readonly speaker = new MediaStreamTrack({ kind: 'audio' });
  private readonly player = new OpusRtpPlayer(this.speaker);
  private readonly voice = opusFixture('assistant-reply.opus');
  private voiceAt = 0;
  private channel: RTCDataChannel | null = null;
  private readonly pending: Json[] = [];
  private readonly messageListeners: ((text: string) => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];
  private closed = false;
  private readonly permissions: DataChannelPermissions;

  constructor(permissions: DataChannelPermissions = {}) {
    this.permissions = permissions;
  }

  /** Answers the browser's offer; resolves with the SDP answer. */
  answer(offerSdp: string): Promise<string> {
    return answerOffer(this.pc, this.speaker, offerSdp, {
      onMicrophonePacket: () => {
        this.microphonePackets += 1;
        this.onMicrophonePacket();
      },
      onDataChannel: (channel) => {
        if (channel.label === LIVE_EVENTS_CHANNEL) this.attach(channel);
      },
      onClosed: () => this.ended(),
    });
  }

  get open(): boolean {
    return !this.closed;
  }

  get rtpPacketsSent(): number {
    return this.player.packetsSent;
  }

  send(event: Json): void {
    if (!serverEventAllowed(event, this.permissions)) {
      this.withheld += 1;
      return;
    }
    this.deliver(event);
  }

  playFrame(speaking: boolean): void {
    if (!speaking || this.closed || this.voice.length === 0) return;
    const packet = this.voice[this.voiceAt % this.voice.length] as Buffer;
    this.voiceAt += 1;
    void this.player.play([packet]);
  }

  onMessage(listener: (text: string) => void): void {
    this.messageListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  close(): void {
    if (this.closed) return;
    // The session has ended: the peer connection goes, which the browser sees as the call's end.
    void this.pc.close();
    this.ended();
  }

  terminate(): void {
    this.close();
  }

  private deliver(event: Json): void {
    const channel = this.channel;
    if (channel?.readyState !== 'open') {
      // Events before the channel opens (session.started) wait for it.
      if (!this.closed) this.pending.push(event);
      return;
    }
    this.delivered.push(String(event.type));
    channel.send(JSON.stringify(event));
  }

  private attach(channel: RTCDataChannel): void {
    this.channel = channel;
    const flush = () => {
      for (const event of this.pending.splice(0)) this.deliver(event);
    };
    channel.stateChanged.subscribe((state) => {
      if (state === 'open') flush();
      if (state === 'closed') this.ended();
    });
    if (channel.readyState === 'open') flush();
    channel.onMessage.subscribe((data) => this.received(data.toString()));
  }

  private received(text: string): void {
    const parsed = parseClientEvent(text);
    if ('event' in parsed && !clientEventAllowed(parsed.event.type, this.permissions)) {
      this.forbidden.push(parsed.event.type);
      this.deliver({
        type: 'info',
        event_id: `event_${crypto.randomUUID().replaceAll('-', '')}`,
        code: 'data_channel_permissions',
        message: `This data channel may not send ${parsed.event.type}.`,
      });
      return;
    }
    for (const listener of this.messageListeners) listener(text);
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    this.speaker.stop();
    for (const listener of this.closeListeners) listener();
  }
}
