import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What sign-in → home may transfer at most, as files (the size budget; the benchmark measures the wire). */
export const FIRST_SCREEN_BUDGET_BYTES = 200 * 1024;

/** One file of the first screen: where it is served from and the bytes the server sends for it. */
export interface ServedFile {
  url: string;
  bytes: number;
  encoding: 'br' | 'gzip' | 'none';
}

/** The bytes the API's static server sends a browser (which accepts Brotli): the `.br` sibling, else `.gz`, else the file. */
export function servedFile(url: string, file: string): ServedFile {
  if (!existsSync(file)) throw new Error(`${url} is not in the build (${file})`);
  if (existsSync(`${file}.br`)) return { url, bytes: statSync(`${file}.br`).size, encoding: 'br' };
  if (existsSync(`${file}.gz`)) return { url, bytes: statSync(`${file}.gz`).size, encoding: 'gzip' };
  return { url, bytes: statSync(file).size, encoding: 'none' };
}

type Manifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
};

/**
 * The files a browser fetches from sign-in to the home page, read from the builds: the app page
 * (`app.html`), every script and stylesheet it references, and the home remote's manifest, entry
 * script and the home module's own scripts and stylesheets (what the federation runtime loads; the
 * shared libraries come from the shell's app.js).
 */
export function firstScreenFiles(options: {
  shellDist: string;
  homeRemote: { name: string; dist: string; module: string };
}): ServedFile[] {
  const { shellDist, homeRemote } = options;
  const page = readFileSync(join(shellDist, 'app.html'), 'utf8');
  const referenced = [
    ...page.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...page.matchAll(/<link[^>]*\srel="stylesheet"[^>]*\shref="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const files = [
    servedFile('/', join(shellDist, 'app.html')),
    ...referenced.map((url) => servedFile(url, join(shellDist, url))),
  ];
  const base = `/remotes/${homeRemote.name}/`;
  const manifest = JSON.parse(readFileSync(join(homeRemote.dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const entry = manifest.metaData?.remoteEntry;
  const exposed = manifest.exposes?.find((candidate) => candidate.path === homeRemote.module);
  if (!entry?.name || !exposed)
    throw new Error(`${homeRemote.name}'s manifest has no entry or no ${homeRemote.module}`);
  const remoteFiles = [
    'mf-manifest.json',
    `${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`,
    ...(exposed.assets?.js?.sync ?? []),
    ...(exposed.assets?.css?.sync ?? []),
  ];
  return [...files, ...remoteFiles.map((file) => servedFile(`${base}${file}`, join(homeRemote.dist, file)))];
}
