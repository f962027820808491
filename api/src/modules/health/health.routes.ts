import * as contract from '@annie/contracts/health-routes';
import Router from '@koa/router';
import type { z } from 'zod';
import { databaseAnswers, type Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute, jsonText } from '../../http/define-route.ts';
import type { InstanceLifecycle } from '../../instance/instance-lifecycle.ts';

const READY_TIMEOUT_MS = 2_000;

const NOT_READY: z.input<typeof contract.notReadySchema> = {
  status: 'unavailable',
  message: 'Database is not reachable',
  code: 'not_ready',
};

export const DRAINING_MESSAGE = 'The server is restarting: it finishes its calls and takes no new ones';

/**
 * /healthz: the process is up. /readyz: the database answers and the instance takes new work, with the
 * live work it carries; 503 while the database is away, and from SIGTERM on (draining), at once.
 */
export function healthRoutes(pool: Pool, lifecycle: InstanceLifecycle): Router<AppState> {
  const router = new Router<AppState>();
  defineRoute(router, contract.healthz, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return { status: 'ok' } as const;
  });
  defineRoute(router, contract.readyz, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // A documented answer that is not a success: a handler's typed return covers successes only,
    // so the 503 bodies go out as JSON text (their shapes are the contract's).
    if (lifecycle.draining) {
      ctx.status = 503;
      const draining: z.input<typeof contract.drainingSchema> = {
        status: 'unavailable',
        message: DRAINING_MESSAGE,
        code: 'draining',
        live: lifecycle.live(),
      };
      return jsonText(JSON.stringify(draining));
    }
    try {
      await withTimeout(databaseAnswers(pool), READY_TIMEOUT_MS);
      return { status: 'ready', live: lifecycle.live() } as const;
    } catch {
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
