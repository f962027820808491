import { MICROPHONE_CONSTRAINTS } from '../microphone-stream.ts';

/** What the server answers to the browser's SDP offer. */
export type RealtimeOfferAnswer = {
  /** The SDP answer. */
  sdp: string;
  /** The call session the server recorded for this call (header X-Call-Session-Id), if any. */
  callSessionId: string | null;
  /** The engine the server chose (header X-Voice-Engine); absent means Realtime. */
  engine?: 'realtime' | 'live';
};

/** A server event off the `oai-events` channel: a GA realtime event, at least its type. */
export type RealtimeServerEvent = { type: string } & Record<string, unknown>;

export type ConnectOptions = {
  /** Posts the offer (POST /api/realtime/offer) and gives back the answer. */
  sendOffer: (offerSdp: string) => Promise<RealtimeOfferAnswer>;
  /** The peer connection's ICE servers (a promise: they load while the microphone opens). */
  iceServers: RTCIceServer[] | Promise<RTCIceServer[]>;
  /** Every event the channel delivers, parsed; set before the channel opens, so none is missed. */
  onEvent: (event: RealtimeServerEvent) => void;
  /** The peer connection or the channel closed or failed by itself (not through `close()`). */
  onDisconnect: () => void;
};

/** The channel is polled every 100 ms, for up to 5 s. */
export const CHANNEL_POLL_MS = 100;
export const CHANNEL_WAIT_MS = 5_000;

/** An open browser call connection: events go out on the channel; `close()` releases everything. */
export type BrowserCallConnection = {
  callSessionId: string | null;
  /** `live`: GPT-Live runs the call from the server; the channel only hears transcripts. */
  engine: 'realtime' | 'live';
  send: (event: object) => void;
  /** Stops (or resumes) sending the microphone's sound, keeping the call. */
  setMuted: (muted: boolean) => void;
  close: () => void;
};

/**
 * The channel is checked every 100 ms for up to 5 s. Its `open` event ends the wait at
 * once too, so the call does not lose up to a poll's 100 ms.
 */
function waitForOpen(channel: RTCDataChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      channel.removeEventListener('open', done);
      resolve();
    };
    const poll = () => {
      if (channel.readyState === 'open') return done();
      if (waited >= CHANNEL_WAIT_MS || channel.readyState === 'closed') {
        channel.removeEventListener('open', done);
        return reject(new Error('The realtime event channel did not open'));
      }
      waited += CHANNEL_POLL_MS;
      timer = setTimeout(poll, CHANNEL_POLL_MS);
    };
    channel.addEventListener('open', done);
    poll();
  });
}

function parseEvent(data: unknown): RealtimeServerEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' &&
      event !== null &&
      typeof (event as { type?: unknown }).type === 'string'
      ? (event as RealtimeServerEvent)
      : null;
  } catch {
    return null;
  }
}

/**
 * Opens a browser call's connection to OpenAI Realtime over WebRTC: the microphone (mono, 24 kHz, echo
 * cancellation, noise suppression, auto gain) as the outgoing track, the `oai-events` data channel,
 * the offer posted at once (waiting for ICE gathering can cost ~40 s when a STUN server is
 * unreachable; candidates found later are not needed against the API's public address), and the
 * assistant's audio played through an `<audio>` element. Resolves once the channel is open; on any
 * failure everything opened so far is released and the error is rethrown.
 */
export async function openBrowserCallConnection(options: ConnectOptions): Promise<BrowserCallConnection> {
  const [microphone, iceServers] = await Promise.all([
    navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS),
    options.iceServers,
  ]);
  performance.mark('voice-call:microphone');
  const player = document.createElement('audio');
  player.autoplay = true;
  let peer: RTCPeerConnection | null = null;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    for (const track of microphone.getTracks()) track.stop();
    peer?.close();
    player.srcObject = null;
  };
  try {
    peer = new RTCPeerConnection({ iceServers });
    peer.ontrack = (event) => {
      player.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    };
    for (const track of microphone.getAudioTracks()) peer.addTrack(track, microphone);
    const channel = peer.createDataChannel('oai-events');
    channel.onmessage = (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (event) options.onEvent(event);
    };
    const offer = await peer.createOffer();
    await peer.setLocalDescription(offer);
    performance.mark('voice-call:offer');
    const answer = await options.sendOffer(offer.sdp ?? '');
    performance.mark('voice-call:answer');
    await peer.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    await waitForOpen(channel);
    performance.mark('voice-call:channel-open');
    const disconnected = () => {
      if (!closed) options.onDisconnect();
    };
    channel.onclose = disconnected;
    peer.onconnectionstatechange = () => {
      if (peer?.connectionState === 'failed' || peer?.connectionState === 'closed') disconnected();
    };
    return {
      callSessionId: answer.callSessionId,
      engine: answer.engine ?? 'realtime',
      send: (event) => {
        if (channel.readyState === 'open') channel.send(JSON.stringify(event));
      },
      setMuted: (muted) => {
        for (const track of microphone.getAudioTracks()) track.enabled = !muted;
      },
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}
