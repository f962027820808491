import type { Middleware } from 'koa';
import type { Pool } from '../../db/pool.ts';
import type { RemoteRegistry } from '../../http/remote-registry.ts';
import { PinnedFiles } from './pinned-files.ts';
import { releaseFileRows } from './release.queries.ts';
import { fileProblem, isSourceMap } from './release-file-types.ts';

const RELEASE_PATH = /^\/remotes\/([a-z]+)\/([0-9A-Za-z][0-9A-Za-z.+_-]{0,63})\/(.+)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

/**
 * Serves the files of releases (stored in the database, or URL builds pinned by digest) at `/remotes/<name>/<version>/<path>`, cached for a
 * year as immutable (a published version is never replaced), with CORS open like the builds on disk,
 * in the Brotli or gzip form the build wrote beside a file when the client accepts it. A path whose
 * version is not published is left to the deployed builds.
 */
export function releaseFiles(pool: Pool, registry: RemoteRegistry): Middleware {
  const pinned = new PinnedFiles();
  return async function serveReleaseFile(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const match = RELEASE_PATH.exec(ctx.path);
    if (!match) return next();
    const [, remote = '', version = '', path = ''] = match;
    if (!(await registry.isPublished(remote, version))) return next();
    const encodings = path.endsWith('.map') ? [] : encodingsOf(ctx.get('Accept-Encoding'));
    const candidates = [...encodings.map((encoding) => `${path}.${encoding === 'br' ? 'br' : 'gz'}`), path];
    const rows = await releaseFileRows(pool, { remote, version, path }, candidates);
    const chosen = candidates.map((candidate) => rows.find((row) => row.path === candidate)).find(Boolean);
    if (chosen && chosen.content === null) {
      // A URL build: its host's file, only if it is still what the gate checked.
      const content =
        chosen.source_url && chosen.sha256
          ? await pinned.fetch(new URL(chosen.path, chosen.source_url).href, chosen.sha256)
          : undefined;
      if (!content) {
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.status = 502;
        ctx.type = 'text/plain';
        ctx.body = `${remote} ${version}: ${path} is not what was published (changed or unreachable at its host)`;
        return;
      }
      chosen.content = content;
    }
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Scripts, styles and images load as subresources, which this does not affect; opened as a page
    // (an SVG), a file gets no script and no origin.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (!chosen || isSourceMap(path) || fileProblem(path)) {
      ctx.status = 404;
      ctx.body = 'Not found';
      return;
    }
    ctx.compress = false;
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', IMMUTABLE);
    if (chosen.path !== path) ctx.set('Content-Encoding', chosen.path.endsWith('.br') ? 'br' : 'gzip');
    ctx.type = chosen.content_type;
    ctx.body = chosen.content;
  };
}
