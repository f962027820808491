import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const SUFFIX = /\.(br|gz)$/;

/**
 * Why a build's `.br`/`.gz` copies cannot be published: each must be its original file, compressed
 * (a browser that takes Brotli must run what the one that does not runs, and what the digests name).
 * Decompressed no further than the original's size plus one byte, so a compression bomb costs nothing.
 */
export function compressedSiblingProblems(files: readonly { path: string; content: Buffer }[]): string[] {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const problems: string[] = [];
  for (const file of files) {
    const suffix = SUFFIX.exec(file.path)?.[1];
    if (!suffix) continue;
    const originalPath = file.path.slice(0, -suffix.length - 1);
    const original = byPath.get(originalPath);
    if (!original) {
      problems.push(`${file.path} is a compressed copy of ${originalPath}, which the build does not hold`);
      continue;
    }
    const limit = { maxOutputLength: original.length + 1 };
    let decompressed: Buffer | undefined;
    try {
      decompressed =
        suffix === 'br' ? brotliDecompressSync(file.content, limit) : gunzipSync(file.content, limit);
    } catch {
      decompressed = undefined;
    }
    if (!decompressed?.equals(original)) problems.push(`${file.path} is not ${originalPath} compressed`);
  }
  return problems;
}
