import { loginRequestSchema } from '@annie/api-client/contracts/auth';
import Router from '@koa/router';
import { unauthorized } from '../../lib/http-errors.ts';
import { toAuthUserDto } from '../users/user.dto.ts';
import { authenticate } from './auth.service.ts';
import { type AppState, authOf } from './auth-context.ts';
import type { LoginRateLimiter } from './login-rate-limiter.ts';
import { requireAuth } from './require-auth.ts';

/** POST /api/login, POST /api/logout, GET /api/auth/user. */
export function authRoutes(limiter: LoginRateLimiter): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });

  router.post('/login', async (ctx) => {
    const credentials = loginRequestSchema.parse(ctx.request.body ?? {});
    const user = await authenticate(ctx.state.em, limiter, { ...credentials, ip: ctx.ip });
    // A fresh id on every sign-in defeats session fixation.
    await ctx.session?.regenerate();
    if (!ctx.session) throw unauthorized();
    ctx.session.userId = user.id;
    ctx.session.tenantId = user.tenantId;
    ctx.body = toAuthUserDto(user);
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });

  // The identity headers are not checked here: this is how the client learns the values to send.
  router.get('/auth/user', requireAuth({ checkIdentityHeaders: false }), async (ctx) => {
    const auth = authOf(ctx);
    ctx.body = toAuthUserDto({ ...auth, id: auth.userId });
  });

  return router;
}
