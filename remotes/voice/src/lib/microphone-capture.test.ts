import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTURE_PROCESSOR_NAME, MicrophoneCapture } from './microphone-capture.ts';

// jsdom has no Web Audio: stand-ins record how the capture builds its graph.
const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] };
const events: string[] = [];
let failModule = false;

class FakeWorkletNode {
  readonly port: { onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null } = { onmessage: null };
  readonly context: FakeAudioContext;
  static last: FakeWorkletNode | undefined;
  constructor(context: FakeAudioContext, name: string) {
    this.context = context;
    events.push(`node ${name}`);
    FakeWorkletNode.last = this;
  }
  connect(target: unknown) {
    events.push(target === this.context.destination ? 'node → speakers' : 'node → ?');
  }
}

class FakeAudioContext {
  readonly destination = {};
  readonly audioWorklet = {
    addModule: async (url: URL) => {
      events.push(`module ${url.pathname.split('/').at(-1)}`);
      if (failModule) throw new Error('AbortError');
    },
  };
  constructor(options: AudioContextOptions) {
    events.push(`context ${options.sampleRate} Hz`);
  }
  createMediaStreamSource(source: unknown) {
    return { connect: (node: unknown) => events.push(source === stream && node ? 'microphone → node' : '?') };
  }
  close = vi.fn(async () => void events.push('context closed'));
}

function stubAudio() {
  events.splice(0);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('AudioWorkletNode', FakeWorkletNode);
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => stream } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  failModule = false;
  track.stop.mockClear();
});

describe('MicrophoneCapture', () => {
  it('loads the capture worklet into a 24 kHz context, then wires microphone → worklet → speakers', async () => {
    stubAudio();
    const frames: ArrayBuffer[] = [];
    await new MicrophoneCapture().start((frame) => frames.push(frame));
    expect(events).toEqual([
      'context 24000 Hz',
      'module capture-worklet.js',
      `node ${CAPTURE_PROCESSOR_NAME}`,
      'microphone → node',
      'node → speakers',
    ]);
    const frame = new ArrayBuffer(4096);
    FakeWorkletNode.last?.port.onmessage?.(new MessageEvent('message', { data: frame }));
    expect(frames).toEqual([frame]);
  });

  it('stops the microphone, closes the context and takes no more frames when stopped', async () => {
    stubAudio();
    const capture = new MicrophoneCapture();
    await capture.start(() => {});
    capture.stop();
    expect(track.stop).toHaveBeenCalled();
    expect(events.at(-1)).toBe('context closed');
    expect(FakeWorkletNode.last?.port.onmessage).toBeNull();
  });

  it('releases the microphone when the worklet cannot be loaded, and rejects', async () => {
    stubAudio();
    failModule = true;
    await expect(new MicrophoneCapture().start(() => {})).rejects.toThrow('AbortError');
    expect(track.stop).toHaveBeenCalled();
    expect(events).toEqual(['context 24000 Hz', 'module capture-worklet.js', 'context closed']);
  });
});
