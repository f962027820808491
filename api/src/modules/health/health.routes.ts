import Router from '@koa/router';
import { z } from 'zod';
import { databaseAnswers, type Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';

const READY_TIMEOUT_MS = 2_000;

/** /healthz: the process is up. /readyz: the database answers (503 otherwise). */
export function healthRoutes(pool: Pool): Router<AppState> {
  const router = new Router<AppState>();
  defineRoute(
    router,
    {
      method: 'get',
      path: '/healthz',
      summary: 'The process is up',
      access: 'anonymous',
      responses: { 200: { description: 'Up', schema: z.object({ status: z.literal('ok') }) } },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok' };
    },
  );
  defineRoute(
    router,
    {
      method: 'get',
      path: '/readyz',
      summary: 'The database answers',
      access: 'anonymous',
      responses: {
        200: { description: 'Ready', schema: z.object({ status: z.literal('ready') }) },
        503: {
          description: 'The database is not reachable',
          schema: z.object({
            status: z.literal('unavailable'),
            message: z.string(),
            code: z.literal('not_ready'),
          }),
        },
      },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      try {
        await withTimeout(databaseAnswers(pool), READY_TIMEOUT_MS);
        ctx.body = { status: 'ready' };
      } catch {
        ctx.status = 503;
        ctx.body = { status: 'unavailable', message: 'Database is not reachable', code: 'not_ready' };
      }
    },
  );
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
