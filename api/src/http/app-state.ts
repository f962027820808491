import type { EntityManager } from '@mikro-orm/postgresql';
import { unauthorized } from '../lib/http-errors.ts';

/** Who is calling, as the server knows it from the session (never from client headers). */
export type AuthContext = {
  userId: string;
  tenantId: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
};

/** What every request carries in `ctx.state`. */
export type AppState = { em: EntityManager; auth?: AuthContext; requestId: string };

/** The caller as requireAuth() resolved it; a route without requireAuth() fails closed. */
export function authOf(ctx: { state: AppState }): AuthContext {
  if (!ctx.state.auth) throw unauthorized();
  return ctx.state.auth;
}
