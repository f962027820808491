import * as contract from '@annie/contracts/auth-routes';
import Router from '@koa/router';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { findUserByUsername, toAuthUserDto } from '../users/index.ts';
import { authenticate } from './auth.service.ts';
import { passwordCheckSource, rememberDevice } from './device-cookie.ts';
import type { PasswordAttemptLimiter } from './password-attempt-limiter.ts';

/** POST /api/login, POST /api/logout, GET /api/auth/user. */
export function authRoutes(limiter: PasswordAttemptLimiter) {
  return defineRoutes(new Router<AppState>(), contract, {
    login: async (ctx, { body }) => {
      // A device cookie counts only for the password it was earned with.
      const claimed = await findUserByUsername(ctx.state.em, body.username);
      const source = passwordCheckSource(ctx, body.username, claimed?.passwordHash);
      const user = await authenticate(ctx.state.em, limiter, { ...body, source });
      rememberDevice(ctx, body.username, user.passwordHash);
      // A fresh id on every sign-in defeats session fixation.
      await ctx.session?.regenerate();
      if (!ctx.session) throw unauthorized();
      ctx.session.userId = user.id;
      ctx.session.tenantId = user.tenantId;
      return { status: 200, body: toAuthUserDto(user) };
    },
    logout: (ctx) => {
      ctx.session = null;
      return { status: 200, body: { ok: true as const } };
    },
    readAuthUser: (_ctx, { auth }) => ({ status: 200, body: toAuthUserDto({ ...auth, id: auth.userId }) }),
  });
}
