// The production builds behind the API's own static server code (api/src/modules/static: precompressed
// Brotli/gzip siblings by Accept-Encoding, cache headers, login page vs app page by session cookie) and
// its response compressor, with the few API answers the pages need before a remote renders faked here:
// POST /api/login (sets the cookie), GET /api/auth/user, GET /api/remotes. Anything else under /api is a
// 404 {message, code}, which the pages handle. No database is involved.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { compressResponses } from '@annie/api/src/middleware/compress-responses.ts';
import { FirstPaints, homeFirstPaint } from '@annie/api/src/modules/static/index.ts';
import { remotePreloads } from '@annie/api/src/modules/static/remote-preloads.ts';
import { staticFiles } from '@annie/api/src/modules/static/static-files.ts';
import { REMOTE_NAMES } from '@annie/contracts/remotes';
import Koa, { type Middleware } from 'koa';
import { ROOT } from './root.ts';

const COOKIE = 'annie.sid';
const USER = {
  id: '00000000-0000-4000-8000-00000000be0c',
  username: 'bench',
  email: 'bench@localhost',
  isAdmin: true,
  tenantId: 'default',
};

// BENCH_BUILD_ROOT serves another checkout's builds (e.g. an older commit's, for before/after figures).
const BUILD_ROOT = process.env.BENCH_BUILD_ROOT ?? ROOT;

export function buildDirs(): { shellDir: string; remoteDirs: Record<string, string> } {
  const remoteDirs = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, join(BUILD_ROOT, 'remotes', name, 'dist')]),
  );
  const shellDir = join(BUILD_ROOT, 'shell/dist');
  for (const dir of [shellDir, ...Object.values(remoteDirs)]) {
    if (!existsSync(dir)) {
      throw new Error(`${dir} is missing; run: node scripts/build-apps.mjs`);
    }
  }
  return { shellDir, remoteDirs };
}

const REGISTRY = REMOTE_NAMES.map((name) => ({
  name,
  entry: `/remotes/${name}/mf-manifest.json`,
  version: 'bench',
}));

function fakeApi(): Middleware {
  return async function benchApi(ctx, next) {
    const signedIn = Boolean(ctx.cookies.get(COOKIE));
    if (ctx.path === '/api/login' && ctx.method === 'POST') {
      ctx.cookies.set(COOKIE, 'bench', { httpOnly: true, sameSite: 'lax' });
      ctx.body = USER;
    } else if (ctx.path === '/api/logout' && ctx.method === 'POST') {
      ctx.cookies.set(COOKIE, null);
      ctx.body = { ok: true };
    } else if (ctx.path === '/api/auth/user') {
      ctx.status = signedIn ? 200 : 401;
      ctx.body = signedIn ? USER : { message: 'Not signed in', code: 'unauthorized' };
    } else if (ctx.path === '/api/remotes') {
      ctx.body = { remotes: REGISTRY };
    } else if (ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { message: 'Not found', code: 'not_found' };
    } else {
      await next();
    }
  };
}

export interface ProductionPages {
  origin: string;
  cookie: { name: string; value: string };
  close(): Promise<void>;
}

/** Starts the server on a loopback port; resolves to its origin and a close function. */
export async function startProductionPages(): Promise<ProductionPages> {
  const app = new Koa();
  app.use(compressResponses());
  app.use(fakeApi());
  const dirs = buildDirs();
  // No release registry here: the first paint is the voice build's own (remotes/voice/dist).
  const noReleases = { isPublished: async () => false, releaseFile: async () => undefined };
  app.use(
    staticFiles({
      ...dirs,
      hasSessionCookie: (ctx) => Boolean(ctx.cookies.get(COOKIE)),
      appPagePreloads: remotePreloads(() => REGISTRY),
      appPageFirstPaint: homeFirstPaint({
        remotes: () => REGISTRY,
        firstPaints: new FirstPaints(noReleases, dirs.remoteDirs, (problem) => console.warn(problem)),
        assistantName: 'James',
      }),
    }),
  );
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cookie: { name: COOKIE, value: 'bench' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
