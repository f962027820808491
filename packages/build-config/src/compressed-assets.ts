import { type BrotliOptions, constants, type ZlibOptions } from 'node:zlib';
import type { RspackPluginInstance } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';

/** Text assets the API's static server may send compressed (source maps are never served, so not here). */
export const COMPRESSIBLE_ASSET = /\.(?:js|mjs|css|html|json|svg|txt)$/;

// Below this, the headers outweigh the saving; the server sends the original when no sibling exists.
const THRESHOLD_BYTES = 512;

/**
 * Brotli (`.br`) and gzip (`.gz`) siblings of every text asset, written once at build time at the
 * highest levels, so the server never compresses a static file per request. A sibling that would not be
 * at least 20% smaller is skipped and the original is sent instead.
 */
export function compressedAssets(): RspackPluginInstance[] {
  const common = { test: COMPRESSIBLE_ASSET, threshold: THRESHOLD_BYTES, minRatio: 0.8 };
  // The plugin runs on rspack through `compiler.webpack`; its types name webpack's classes.
  return [
    new CompressionPlugin<BrotliOptions>({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin<ZlibOptions>({
      ...common,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: constants.Z_BEST_COMPRESSION },
    }),
  ] as unknown as RspackPluginInstance[];
}
