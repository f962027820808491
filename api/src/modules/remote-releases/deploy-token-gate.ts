import type { Middleware } from 'koa';
import type { Pool } from '../../db/pool.ts';
import type { AppState } from '../../http/app-state.ts';
import { forbidden, unauthorized } from '../../lib/http-errors.ts';
import { type VerifiedToken, verifyDeployToken } from './deploy-tokens.ts';

/** Where a deploy token is accepted: its remote's release calls, and nothing else. */
export const DEPLOY_PATH = /^\/api\/remotes\/deploy\/([^/]+)\//;

const bearerOf = (header: string) => /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];

/**
 * A request carrying a bearer credential anywhere but a deploy path is refused (403): a deploy token
 * releases one remote and opens nothing else, and the rest of the API knows no bearer credentials.
 */
export function deployTokenGate(): Middleware {
  return function refuseTokenOutsideDeploy(ctx, next) {
    const header = ctx.get('Authorization');
    if (header && bearerOf(header) !== undefined && !DEPLOY_PATH.test(ctx.path))
      throw forbidden('A deploy token can only release its own remote (/api/remotes/deploy/<remote>/…)');
    return next();
  };
}

const verified = new WeakMap<object, VerifiedToken>();

/**
 * A deploy call: a valid token (known, unexpired, not revoked: checked in the database on each request)
 * for this very remote. Unknown, expired or revoked: 401; a token of another remote: 403.
 */
export function requireDeployToken(pool: Pool): Middleware<AppState> {
  return async function authenticateDeployToken(ctx, next) {
    const secret = bearerOf(ctx.get('Authorization'));
    if (!secret) throw unauthorized('A deploy call needs its deploy token: Authorization: Bearer <token>');
    const token = await verifyDeployToken(pool, secret);
    if (!token) throw unauthorized('The deploy token is unknown, expired or revoked');
    const remote = (ctx as unknown as { params: { remote?: string } }).params.remote;
    if (token.remote !== remote)
      throw forbidden(`This deploy token releases ${token.remote} only, not ${remote}`);
    verified.set(ctx, token);
    await next();
  };
}

/** The token requireDeployToken accepted for this request. */
export function deployTokenOf(ctx: object): VerifiedToken {
  const token = verified.get(ctx);
  if (!token) throw unauthorized();
  return token;
}
