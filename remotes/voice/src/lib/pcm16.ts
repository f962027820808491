/** The test panel's audio on the wire: PCM16 little-endian, 24 kHz mono. */
export const PCM_SAMPLE_RATE = 24_000;

/** PCM16 little-endian bytes to Web Audio samples. */
export function pcm16ToFloat(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const samples = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 0x8000;
  return samples;
}
