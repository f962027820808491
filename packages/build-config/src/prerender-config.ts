import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Configuration } from '@rspack/core';
import { scriptRule } from './rspack-base.ts';

const require = createRequire(import.meta.url);
const OUTPUT_FILE = 'prerender.cjs';

/** Where a prerender compilation writes its bundle: a cache folder, never part of what is served. */
export function prerenderOutputDir(appDir: string, name: string): string {
  return join(appDir, 'node_modules/.cache', name);
}

/**
 * A Node compilation of a module that renders markup at build time (React's server renderer over the
 * app's own components, bundled with the same swc settings in production mode). A page compilation
 * that `dependencies` on it reads the result with `loadPrerendered` when it writes its HTML.
 */
export function createPrerenderConfig(options: {
  appDir: string;
  name: string;
  entry: string;
}): Configuration {
  return {
    name: options.name,
    context: options.appDir,
    mode: 'production',
    target: 'node',
    entry: { prerender: options.entry },
    devtool: false,
    output: {
      path: prerenderOutputDir(options.appDir, options.name),
      filename: OUTPUT_FILE,
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
    // Stylesheets (e.g. of a lazily loaded part) are the page build's concern: here they are inert text.
    module: { rules: [scriptRule(true), { test: /\.css$/, type: 'asset/source' }] },
    optimization: { minimize: false },
    performance: false,
  };
}

/** The bundle a prerender compilation writes. */
export function prerenderedFile(appDir: string, name: string): string {
  return join(prerenderOutputDir(appDir, name), OUTPUT_FILE);
}

/** Calls `exportName` of the latest prerender bundle (re-read on every build, for watch mode). */
export function loadPrerendered(appDir: string, name: string, exportName: string): string {
  const file = prerenderedFile(appDir, name);
  delete require.cache[file];
  const render = (require(file) as Record<string, unknown>)[exportName];
  if (typeof render !== 'function') throw new Error(`${file} exports no function ${exportName}`);
  return String(render());
}
