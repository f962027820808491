import { authUserSchema, loginRequestSchema } from '@annie/api-client/contracts/auth';
import Router from '@koa/router';
import { z } from 'zod';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { unauthorized } from '../../lib/http-errors.ts';
import { toAuthUserDto } from '../users/index.ts';
import { authenticate } from './auth.service.ts';
import { passwordCheckSource, rememberDevice } from './device-cookie.ts';
import type { PasswordAttemptLimiter } from './password-attempt-limiter.ts';

/** POST /api/login, POST /api/logout, GET /api/auth/user. */
export function authRoutes(limiter: PasswordAttemptLimiter): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  defineRoute(
    router,
    {
      method: 'post',
      path: '/login',
      summary: 'Sign in; sets the session cookie and the device cookie that marks this browser as known',
      access: 'anonymous',
      body: loginRequestSchema,
      responses: { 200: { description: 'The signed-in user', schema: authUserSchema } },
      errors: {
        401: 'Wrong username or password',
        429: 'Too many failed attempts for this user, address or device; Retry-After says when to try again',
      },
    },
    async (ctx, { body }) => {
      const source = passwordCheckSource(ctx, body.username);
      const user = await authenticate(ctx.state.em, limiter, { ...body, source });
      rememberDevice(ctx, body.username);
      // A fresh id on every sign-in defeats session fixation.
      await ctx.session?.regenerate();
      if (!ctx.session) throw unauthorized();
      ctx.session.userId = user.id;
      ctx.session.tenantId = user.tenantId;
      ctx.body = toAuthUserDto(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/logout',
      summary: 'Sign out (ends the session, if any)',
      access: 'anonymous',
      responses: { 200: { description: 'Signed out', schema: z.object({ ok: z.literal(true) }) } },
    },
    async (ctx) => {
      ctx.session = null;
      ctx.body = { ok: true };
    },
  );

  // The identity headers are not checked here: this is how the client learns the values to send.
  defineRoute(
    router,
    {
      method: 'get',
      path: '/auth/user',
      summary: 'The signed-in user, with the tenant and user ids the client sends as X-Tenant-Id / X-User-Id',
      access: 'signed-in',
      skipIdentityHeaders: true,
      responses: { 200: { description: 'The signed-in user', schema: authUserSchema } },
    },
    async (ctx, { auth }) => {
      ctx.body = toAuthUserDto({ ...auth, id: auth.userId });
    },
  );

  return router;
}
