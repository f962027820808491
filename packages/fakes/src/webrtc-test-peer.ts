import { MediaStreamTrack, type RTCDataChannel, RTCPeerConnection, useOPUS } from 'werift';
import { opusFixture } from './ogg-opus-packets.ts';
import { EVENTS_CHANNEL } from './openai-realtime-webrtc-call.ts';
import { OpusRtpPlayer } from './opus-rtp-player.ts';
import {
  type EventPredicate,
  type RealtimeEvent,
  RealtimeEventLog,
  type WaitOptions,
} from './realtime-event-log.ts';

/** Sends the SDP offer somewhere (the app's endpoint, the fake itself) and resolves with the answer. */
export type PostOffer = (offerSdp: string) => Promise<string>;

/**
 * A browser stand-in for Node tests and benchmarks: a werift peer that offers audio (sendrecv) and the
 * `oai-events` channel, sends pre-encoded Opus as its microphone, counts the RTP it receives and records
 * the server's events.
 */
export class WebRtcTestPeer {
  /** Every event the server sent on the channel. */
  readonly received = new RealtimeEventLog();
  rtpPacketsReceived = 0;
  /** `performance.now()` when the offer was made, the answer applied and the channel opened. */
  readonly timings = { offeredAt: 0, answeredAt: 0, openedAt: 0 };

  private readonly pc = new RTCPeerConnection({ codecs: { audio: [useOPUS()] }, iceServers: [] });
  private readonly microphone = new MediaStreamTrack({ kind: 'audio' });
  private readonly player = new OpusRtpPlayer(this.microphone);
  private readonly channel: RTCDataChannel;

  private constructor() {
    this.pc.addTransceiver(this.microphone, { direction: 'sendrecv' });
    this.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe(() => {
        this.rtpPacketsReceived += 1;
      });
    });
    this.channel = this.pc.createDataChannel(EVENTS_CHANNEL);
    this.channel.onMessage.subscribe((data) =>
      this.received.record(JSON.parse(data.toString()) as RealtimeEvent),
    );
  }

  /** Offers, posts the offer with `postOffer`, applies the answer and resolves once the channel is open. */
  static async connect(postOffer: PostOffer, timeoutMs = 10_000): Promise<WebRtcTestPeer> {
    const peer = new WebRtcTestPeer();
    const opened = new Promise<void>((resolve) => {
      peer.channel.stateChanged.subscribe((state) => {
        if (state === 'open') resolve();
      });
    });
    peer.timings.offeredAt = performance.now();
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    const offer = peer.pc.localDescription?.sdp;
    if (!offer) throw new Error('No local offer');
    const answer = await postOffer(offer);
    await peer.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    peer.timings.answeredAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The events channel did not open within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([opened, timeout]);
    } catch (error) {
      await peer.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
    peer.timings.openedAt = performance.now();
    return peer;
  }

  /** The events channel's state: connecting, open, closing or closed. */
  get channelState(): string {
    return this.channel.readyState;
  }

  get rtpPacketsSent(): number {
    return this.player.packetsSent;
  }

  /** Sends a client event on the channel. */
  send(event: RealtimeEvent): void {
    this.channel.send(JSON.stringify(event));
  }

  /** Waits for a server event of `type` that `predicate` accepts (already received, or still to come). */
  waitForServerEvent(type: string, predicate?: EventPredicate, options?: WaitOptions) {
    return this.received.waitFor(type, predicate, options);
  }

  /** "Speaks" into the microphone: the fixture's Opus packets, 20 ms apart; `packets` = 0 plays it all. */
  speak(packets = 0, fixture = 'assistant-reply.opus'): Promise<void> {
    const audio = opusFixture(fixture);
    return this.player.play(packets > 0 ? audio.slice(0, packets) : audio);
  }

  async close(): Promise<void> {
    this.received.close('the test peer closed');
    this.microphone.stop();
    await this.pc.close();
  }
}
