import * as contract from '@annie/api-client/contracts/health-routes';
import Router from '@koa/router';
import type { z } from 'zod';
import { databaseAnswers, type Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';

const READY_TIMEOUT_MS = 2_000;

const NOT_READY: z.input<typeof contract.notReadySchema> = {
  status: 'unavailable',
  message: 'Database is not reachable',
  code: 'not_ready',
};

/** /healthz: the process is up. /readyz: the database answers (503 otherwise). */
export function healthRoutes(pool: Pool): Router<AppState> {
  const router = new Router<AppState>();
  defineRoute(router, contract.healthz, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { status: 'ok' } as const;
  });
  defineRoute(router, contract.readyz, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      await withTimeout(databaseAnswers(pool), READY_TIMEOUT_MS);
      return { status: 'ready' } as const;
    } catch {
      // A documented answer that is not a success: a handler's typed return covers successes only,
      // so the 503 body goes out as JSON text (its shape is the contract's notReadySchema).
      ctx.status = 503;
      return jsonText(JSON.stringify(NOT_READY));
    }
  });
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
