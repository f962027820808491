import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { notFound, unauthorized } from '../../lib/http-errors.ts';
import type { AppState, AuthContext } from '../auth/auth-context.ts';

/** The caller as requireAuth() resolved it; a route without requireAuth() fails closed. */
export function authOf(ctx: ParameterizedContext<AppState>): AuthContext {
  const auth = ctx.state.auth;
  if (!auth) throw unauthorized();
  return auth;
}

const idSchema = z.uuid();

/** A row id from the path; anything that is not a UUID cannot name a row, so it is a 404. */
export function rowIdParam(raw: string | undefined, notFoundMessage: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}
