import { vi } from 'vitest';

/** The `oai-events` channel as the page sees it: what it sent, and a way to deliver server events. */
export class FakeDataChannel extends EventTarget {
  readonly label: string;
  readyState: RTCDataChannelState = 'connecting';
  readonly sent: Array<{ type: string } & Record<string, unknown>> = [];
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(label: string) {
    super();
    this.label = label;
  }

  /** The channel opens (as the browser's does once the peer has answered). */
  open(): void {
    this.readyState = 'open';
    this.dispatchEvent(new Event('open'));
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  /** The types of the events the page sent, in order. */
  sentTypes(): string[] {
    return this.sent.map((event) => event.type);
  }

  /** Delivers a server event to the page. */
  receive(event: { type: string } & Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

/** A stand-in RTCPeerConnection: records the call's setup and opens its channel once answered. */
export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  /** When false, the channel never opens (the page must give up after 5 s). */
  static opensChannel = true;
  readonly configuration: RTCConfiguration;
  readonly tracks: unknown[] = [];
  channel: FakeDataChannel | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(configuration: RTCConfiguration) {
    this.configuration = configuration;
    FakePeerConnection.instances.push(this);
  }

  static get last(): FakePeerConnection {
    const last = FakePeerConnection.instances.at(-1);
    if (!last) throw new Error('No RTCPeerConnection was created');
    return last;
  }

  addTrack(track: unknown): void {
    this.tracks.push(track);
  }

  createDataChannel(label: string): FakeDataChannel {
    this.channel = new FakeDataChannel(label);
    return this.channel;
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    return { type: 'offer', sdp: 'v=0 fake-offer' };
  }

  async setLocalDescription(): Promise<void> {}

  async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
    this.remoteDescription = description;
    if (this.channel && FakePeerConnection.opensChannel) this.channel.open();
  }

  close(): void {
    this.closed = true;
    this.connectionState = 'closed';
    if (this.channel) this.channel.readyState = 'closed';
  }
}

/** A microphone whose single track records being stopped. */
export function fakeMicrophone() {
  const track = { kind: 'audio', enabled: true, stop: vi.fn() };
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] };
  const getUserMedia = vi.fn(async (_constraints: MediaStreamConstraints) => stream);
  return { track, stream, getUserMedia };
}

/** Installs the fakes as the browser's WebRTC and microphone until `vi.unstubAllGlobals()`. */
export function installFakeWebRtc(getUserMedia: (constraints: MediaStreamConstraints) => Promise<unknown>) {
  FakePeerConnection.instances = [];
  FakePeerConnection.opensChannel = true;
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}
