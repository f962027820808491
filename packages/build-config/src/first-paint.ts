import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_FORMAT,
  type FirstPaint,
  firstPaintMarkupProblems,
  firstPaintSchema,
  inlineScriptsOf,
} from '@annie/contracts/first-paint';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Configuration, RspackPluginInstance } from '@rspack/core';
import { jsonAsset } from './json-asset.ts';
import { createPrerenderConfig, prerenderedFile } from './prerender-config.ts';

const require = createRequire(import.meta.url);

/** A remote's first paint (first-paint.json): which page, rendered by which module of the remote. */
export interface FirstPaintDefinition {
  /** The `./app` page it is the first paint of (the route table's page name). */
  page: string;
  /**
   * The module (relative to the remote's directory) rendering it, built for Node: it exports `firstPaint()`
   * answering `{ html, handoff? }` (first-paint.json's fields of the same names).
   */
  entry: string;
  /** Stylesheets (relative to the remote's directory) the painted page needs before the remote's own load. */
  stylesheets?: string[];
}

type Rendered = Pick<FirstPaint, 'html' | 'handoff'>;

/** The CSP hash source admitting an inline script (`'sha256-…'`). */
export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** A stylesheet's text without comments and needless spaces, fit to inline in a <style>. */
export function minifiedCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{}:;,>]) ?/g, '$1')
    .trim();
}

/**
 * first-paint.json from what the remote rendered: its stylesheets inline first, the CSP hash of every
 * inline script the HTML holds (computed from the HTML itself, so the two cannot disagree), checked
 * against the same contract the API checks at publish; a first paint it would refuse fails the build.
 */
export function firstPaintFile(remote: RemoteName, page: string, rendered: Rendered, css = ''): FirstPaint {
  const html = `${css ? `<style>${css}</style>` : ''}${rendered.html}`;
  const file = firstPaintSchema.safeParse({
    format: FIRST_PAINT_FORMAT,
    remote,
    page,
    html,
    scriptHashes: inlineScriptsOf(html).map(cspHash),
    ...(rendered.handoff ? { handoff: rendered.handoff } : {}),
  });
  const problems = [
    ...(file.success ? [] : file.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...firstPaintMarkupProblems(html),
  ];
  if (!file.success || problems.length > 0)
    throw new Error(`${remote}'s ${FIRST_PAINT_FILE} is not a first paint: ${problems.join('; ')}`);
  return file.data;
}

/**
 * What a remote's build needs for its first paint: the Node compilation rendering it (which the remote's
 * compilation depends on) and the plugin writing first-paint.json from that render.
 */
export function firstPaintBuild(
  appDir: string,
  remote: RemoteName,
  definition: FirstPaintDefinition,
): { compilation: Configuration; asset: RspackPluginInstance } {
  const name = `${remote}-first-paint`;
  return {
    compilation: createPrerenderConfig({ appDir, name, entry: definition.entry }),
    asset: jsonAsset(FIRST_PAINT_FILE, () => {
      const file = prerenderedFile(appDir, name);
      // Read afresh on every build (watch mode).
      delete require.cache[file];
      const render = (require(file) as { firstPaint?: () => Rendered }).firstPaint;
      if (typeof render !== 'function') throw new Error(`${file} exports no function firstPaint`);
      const css = (definition.stylesheets ?? [])
        .map((sheet) => minifiedCss(readFileSync(join(appDir, sheet), 'utf8')))
        .join('');
      return firstPaintFile(remote, definition.page, render(), css);
    }),
  };
}
