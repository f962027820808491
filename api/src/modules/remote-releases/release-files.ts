import type { Middleware } from 'koa';
import type { Queryable } from '../../db/transaction.ts';
import type { RemoteRegistry } from '../../http/remote-registry.ts';
import { DigestCache } from './digest-cache.ts';
import { fetchPinned, type PinnedFetchLimits } from './pinned-files.ts';
import { chosenReleaseFile, releaseFileContent } from './release.queries.ts';
import { fileProblem, isSourceMap } from './release-file-types.ts';

const RELEASE_PATH = /^\/remotes\/([a-z]+)\/([0-9A-Za-z][0-9A-Za-z.+_-]{0,63})\/(.+)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FORMS_REMEMBERED = 20_000;

/** The encodings the client accepts, best first, among the siblings a build writes (`.br`, `.gz`). */
function encodingsOf(acceptEncoding: string): ('br' | 'gzip')[] {
  const accepted = (name: string) =>
    acceptEncoding.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return token?.trim().toLowerCase() === name && (!q || Number(q.trim().slice(2)) > 0);
    });
  return [...(accepted('br') ? (['br'] as const) : []), ...(accepted('gzip') ? (['gzip'] as const) : [])];
}

/** Which stored form answers a request: its path, digest, content type and where a URL build's lives. */
type Form = { path: string; sha256: string; contentType: string; sourceUrl: string | null };
type Content = { body: Buffer; bytes: number };

export type ReleaseFilesOptions = PinnedFetchLimits & {
  /** Memory for file contents, by digest (least recently used first out). */
  cacheBytes: number;
};

/**
 * Serves the files of releases (stored in the database, or URL builds pinned by digest) at
 * `/remotes/<name>/<version>/<path>`, cached for a year as immutable (a version is never replaced nor
 * reused), with CORS open like the builds on disk, in the Brotli or gzip form the build wrote beside a
 * file when the client accepts it. The form is chosen before anything is read; its content is kept in
 * memory by digest, so a burst of requests for one file costs one database read. A path whose version
 * is not published is left to the deployed builds.
 */
export function releaseFiles(
  db: Queryable,
  registry: Pick<RemoteRegistry, 'isPublished'>,
  options: ReleaseFilesOptions,
): Middleware {
  const contents = new DigestCache<Content>(options.cacheBytes);
  const forms = new Map<string, Form>();
  // Reads in flight, by form: the requests of a burst wait for the first one's.
  const firstReads = new Map<string, Promise<{ form: Form; body: Buffer | undefined } | undefined>>();

  async function contentOf(
    file: { remote: string; version: string },
    form: Form,
  ): Promise<Buffer | undefined> {
    const loaded = await contents.get(form.sha256, async () => {
      const body = form.sourceUrl
        ? await fetchPinned(form.path, form.sourceUrl, form.sha256, options)
        : await releaseFileContent(db, { ...file, path: form.path });
      return body ? { body, bytes: body.length } : undefined;
    });
    return loaded?.body;
  }

  async function serve(remote: string, version: string, path: string, candidates: string[]) {
    const key = `${remote}\0${version}\0${candidates.join('\0')}`;
    const form = forms.get(key);
    if (form) return { form, body: await contentOf({ remote, version }, form) };
    // The first request for this form: one read gives the chosen form and its bytes, shared by a burst.
    let first = firstReads.get(key);
    if (!first) {
      first = readFirst(remote, version, path, candidates, key).finally(() => firstReads.delete(key));
      firstReads.set(key, first);
    }
    const read = await first;
    if (!read) return undefined;
    return { form: read.form, body: read.body ?? (await contentOf({ remote, version }, read.form)) };
  }

  async function readFirst(remote: string, version: string, path: string, candidates: string[], key: string) {
    const row = await chosenReleaseFile(db, { remote, version, path }, candidates);
    if (!row) return undefined;
    const form: Form = {
      path: row.path,
      // Files published before digests were kept are cached under their own name (never replaced either).
      sha256: row.sha256 ?? `${remote}/${version}/${row.path}`,
      contentType: row.content_type,
      sourceUrl: row.source_url,
    };
    if (forms.size >= FORMS_REMEMBERED) forms.clear();
    forms.set(key, form);
    const content = row.content;
    if (content) await contents.get(form.sha256, async () => ({ body: content, bytes: content.length }));
    return { form, body: content ?? undefined };
  }

  return async function serveReleaseFile(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const match = RELEASE_PATH.exec(ctx.path);
    if (!match) return next();
    const [, remote = '', version = '', path = ''] = match;
    if (!(await registry.isPublished(remote, version))) return next();
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Scripts, styles and images load as subresources, which this does not affect; opened as a page
    // (an SVG), a file gets no script and no origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (isSourceMap(path) || fileProblem(path)) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    const encodings = encodingsOf(ctx.get('Accept-Encoding'));
    const candidates = [...encodings.map((encoding) => `${path}.${encoding === 'br' ? 'br' : 'gz'}`), path];
    const found = await serve(remote, version, path, candidates);
    if (!found) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    if (!found.body) {
      // A URL build: its host's file, only if it is still what the gate checked.
      ctx.status = 502;
      ctx.type = 'text/plain';
      ctx.body = `${remote} ${version}: ${path} is not what was published (changed or unreachable at its host)`;
      return;
    }
    ctx.compress = false;
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', IMMUTABLE);
    if (found.form.path !== path)
      ctx.set('Content-Encoding', found.form.path.endsWith('.br') ? 'br' : 'gzip');
    ctx.type = found.form.contentType;
    ctx.body = found.body;
  };
}
