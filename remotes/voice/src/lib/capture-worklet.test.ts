import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_SAMPLES, floatToPcm16, Pcm16Framer } from './capture-worklet.js';
import { CAPTURE_PROCESSOR_NAME } from './microphone-capture.ts';

const int16s = (frame: ArrayBuffer) => {
  const view = new DataView(frame);
  return Array.from({ length: frame.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true));
};
/** A render quantum (128 samples) whose samples are start, start + step, … */
const quantum = (start: number, step = 0) => Float32Array.from({ length: 128 }, (_, i) => start + i * step);

describe('floatToPcm16', () => {
  it('writes little-endian 16-bit samples, clamping beyond full scale', () => {
    expect(int16s(floatToPcm16(new Float32Array([0, 1, -1, 2, -2, -0.5, 0.5])))).toEqual([
      0, 32767, -32768, 32767, -32768, -16384, 16383,
    ]);
  });
});

describe('Pcm16Framer', () => {
  it('hands out one 2048-sample frame (4096 bytes, ~85 ms at 24 kHz) per 16 render quanta', () => {
    const framer = new Pcm16Framer();
    const frames = Array.from({ length: 40 }, () => framer.push(quantum(0.25))).flat();
    expect(FRAME_SAMPLES).toBe(2048);
    expect(frames.map((frame) => frame.byteLength)).toEqual([4096, 4096]);
    expect(new Set(int16s(frames[0] ?? new ArrayBuffer(0)))).toEqual(new Set([8191]));
  });

  it('keeps the samples in order across frame boundaries, the rest waiting for the next frame', () => {
    const framer = new Pcm16Framer(3);
    expect(framer.push(new Float32Array([0.5, -0.5]))).toEqual([]);
    const frames = framer.push(new Float32Array([1, 0.25, 0.5, -1, 0]));
    expect(frames.map(int16s)).toEqual([
      [16383, -16384, 32767],
      [8191, 16383, -32768],
    ]);
    expect(framer.push(new Float32Array([0.5, 0.5])).map(int16s)).toEqual([[0, 16383, 16383]]);
  });
});

describe('the worklet module in an AudioWorkletGlobalScope', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registers the processor the console asks for, which posts each frame transferred and stays alive', async () => {
    const registered = new Map<string, new () => { process: (inputs: Float32Array[][]) => boolean }>();
    const posted: [ArrayBuffer, Transferable[]][] = [];
    vi.stubGlobal(
      'AudioWorkletProcessor',
      class {
        port = {
          postMessage: (frame: ArrayBuffer, transfer: Transferable[]) => posted.push([frame, transfer]),
        };
      },
    );
    vi.stubGlobal('registerProcessor', (name: string, processor: never) => registered.set(name, processor));
    vi.resetModules();
    await import('./capture-worklet.js');
    const Processor = registered.get(CAPTURE_PROCESSOR_NAME);
    if (!Processor) throw new Error(`no processor registered as ${CAPTURE_PROCESSOR_NAME}`);
    const processor = new Processor();
    for (let i = 0; i < 16; i++) expect(processor.process([[quantum(0)]])).toBe(true);
    expect(processor.process([[]])).toBe(true);
    expect(posted).toHaveLength(1);
    const [frame, transfer] = posted[0] ?? [];
    expect([frame?.byteLength, transfer]).toEqual([4096, [frame]]);
  });
});
