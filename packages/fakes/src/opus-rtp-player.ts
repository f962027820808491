import { randomInt } from 'node:crypto';
import { type MediaStreamTrack, RtpHeader, RtpPacket } from 'werift';

/** Opus payload type browsers offer (Chromium's SDP: `a=rtpmap:111 opus/48000/2`). */
export const OPUS_PAYLOAD_TYPE = 111;
const PACKET_MS = 20;
/** 20 ms at Opus's 48 kHz RTP clock. */
const SAMPLES_PER_PACKET = 960;

/**
 * Sends pre-encoded Opus packets on a werift track in real time: one every 20 ms (drift-corrected),
 * payload type 111, timestamp += 960, the marker bit on the first packet of each burst.
 */
export class OpusRtpPlayer {
  /** RTP packets written so far. */
  packetsSent = 0;
  private sequenceNumber = randomInt(0, 0x10000);
  private timestamp = randomInt(0, 0x1_0000_0000);
  private lastSentAt: number | null = null;
  private readonly track: MediaStreamTrack;

  constructor(track: MediaStreamTrack) {
    this.track = track;
  }

  /** Plays `packets`; resolves when the last is sent, or early once `isCancelled()` says so. */
  async play(packets: Buffer[], isCancelled: () => boolean = () => false): Promise<void> {
    const start = performance.now();
    // The RTP clock runs on through the silence between bursts, as a real sender's does.
    if (this.lastSentAt !== null) this.advanceClock(start - this.lastSentAt - PACKET_MS);
    for (const [index, payload] of packets.entries()) {
      if (isCancelled() || this.track.stopped) return;
      const due = start + index * PACKET_MS - performance.now();
      if (due > 0) await new Promise((done) => setTimeout(done, due));
      const header = new RtpHeader({
        payloadType: OPUS_PAYLOAD_TYPE,
        sequenceNumber: this.sequenceNumber,
        timestamp: this.timestamp,
        marker: index === 0,
      });
      this.track.writeRtp(new RtpPacket(header, payload));
      this.packetsSent += 1;
      this.lastSentAt = performance.now();
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      this.advanceClock(PACKET_MS);
    }
  }

  private advanceClock(ms: number): void {
    const samples = ms === PACKET_MS ? SAMPLES_PER_PACKET : Math.max(0, Math.round(ms * 48));
    this.timestamp = (this.timestamp + samples) >>> 0;
  }
}
