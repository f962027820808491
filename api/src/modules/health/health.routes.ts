import * as contract from '@annie/contracts/health-routes';
import Router from '@koa/router';
import type { z } from 'zod';
import { databaseAnswers, type Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
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
export function healthRoutes(pool: Pool, lifecycle: InstanceLifecycle) {
  return defineRoutes(new Router<AppState>(), contract, {
    healthz: (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      return { status: 200, body: { status: 'ok' } as const };
    },
    readyz: async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      // A documented answer that is not a success, typed from the contract like the 200.
      if (lifecycle.draining) {
        const draining: z.input<typeof contract.drainingSchema> = {
          status: 'unavailable',
          message: DRAINING_MESSAGE,
          code: 'draining',
          live: lifecycle.live(),
        };
        return { status: 503, body: draining };
      }
      try {
        await withTimeout(databaseAnswers(pool), READY_TIMEOUT_MS);
        return { status: 200, body: { status: 'ready', live: lifecycle.live() } as const };
      } catch {
        return { status: 503, body: NOT_READY };
      }
    },
  });
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
