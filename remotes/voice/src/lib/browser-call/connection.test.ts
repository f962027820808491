import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection, fakeMicrophone, installFakeWebRtc } from '../../testing/fake-webrtc.ts';
import { CHANNEL_WAIT_MS, openBrowserCallConnection } from './connection.ts';

let microphone: ReturnType<typeof fakeMicrophone>;
const sendOffer = vi.fn(async (_sdp: string) => ({ sdp: 'v=0 answer', callSessionId: 'call-1' }));
const options = () => ({
  sendOffer,
  iceServers: [{ urls: 'stun:stun.example.test:3478' }],
  onEvent: vi.fn(),
  onDisconnect: vi.fn(),
});

beforeEach(() => {
  microphone = fakeMicrophone();
  installFakeWebRtc(microphone.getUserMedia);
  sendOffer.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openBrowserCallConnection', () => {
  it('uses the configured ICE servers and resolves once the channel is open, with the call session id', async () => {
    const connection = await openBrowserCallConnection(options());
    expect(FakePeerConnection.last.configuration.iceServers).toEqual([
      { urls: 'stun:stun.example.test:3478' },
    ]);
    expect(sendOffer).toHaveBeenCalledWith('v=0 fake-offer');
    expect(connection.callSessionId).toBe('call-1');
  });

  it('polls the channel every 100 ms and gives up after 5 s, releasing the microphone and the connection', async () => {
    vi.useFakeTimers();
    FakePeerConnection.opensChannel = false;
    const opening = openBrowserCallConnection(options());
    const outcome = opening.then(
      () => 'opened',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(CHANNEL_WAIT_MS - 100);
    expect(FakePeerConnection.last.closed).toBe(false);
    // Opening late, within the wait, is still in time.
    await vi.advanceTimersByTimeAsync(200);
    expect(await outcome).toBe('The realtime event channel did not open');
    expect(FakePeerConnection.last.closed).toBe(true);
    expect(microphone.track.stop).toHaveBeenCalled();
  });

  it('sees a channel that opened without an event at the next poll', async () => {
    vi.useFakeTimers();
    FakePeerConnection.opensChannel = false;
    const opening = openBrowserCallConnection(options());
    await vi.advanceTimersByTimeAsync(1_000);
    const channel = FakePeerConnection.last.channel;
    if (channel) channel.readyState = 'open';
    await vi.advanceTimersByTimeAsync(100);
    await expect(opening).resolves.toMatchObject({ callSessionId: 'call-1' });
  });

  it('goes on as soon as the channel opens, without waiting for the next poll', async () => {
    vi.useFakeTimers();
    FakePeerConnection.opensChannel = false;
    const opening = openBrowserCallConnection(options());
    await vi.advanceTimersByTimeAsync(10);
    FakePeerConnection.last.channel?.open();
    await expect(opening).resolves.toMatchObject({ callSessionId: 'call-1' });
  });

  it('hands every parsed server event over and ignores what is not an event', async () => {
    const handlers = options();
    await openBrowserCallConnection(handlers);
    const channel = FakePeerConnection.last.channel;
    channel?.receive({ type: 'session.created' });
    channel?.onmessage?.({ data: 'not json' });
    channel?.onmessage?.({ data: '{"no":"type"}' });
    expect(handlers.onEvent).toHaveBeenCalledTimes(1);
    expect(handlers.onEvent).toHaveBeenCalledWith({ type: 'session.created' });
  });
});
