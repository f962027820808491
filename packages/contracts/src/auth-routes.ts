// Signing in and out, and who is signed in.
import { z } from 'zod';
import { authUserSchema, loginRequestSchema } from './auth.ts';
import { AUTH_USER_PATH, LOGIN_PATH } from './auth-paths.ts';
import { route } from './route.ts';

export const login = route({
  method: 'post',
  path: LOGIN_PATH,
  summary: 'Sign in; sets the session cookie and the device cookie that marks this browser as known',
  access: 'anonymous',
  body: loginRequestSchema,
  responses: { 200: { description: 'The signed-in user', schema: authUserSchema } },
  errors: {
    401: 'Wrong username or password',
    429: 'Too many failed attempts for this user, address or device; Retry-After says when to try again',
  },
});

export const logout = route({
  method: 'post',
  path: '/api/logout',
  summary: 'Sign out (ends the session, if any)',
  access: 'anonymous',
  responses: { 200: { description: 'Signed out', schema: z.object({ ok: z.literal(true) }) } },
});

/** The identity headers are not checked here: this is how the client learns the values to send. */
export const readAuthUser = route({
  method: 'get',
  path: AUTH_USER_PATH,
  summary: 'The signed-in user, with the tenant and user ids the client sends as X-Tenant-Id / X-User-Id',
  access: 'signed-in',
  skipIdentityHeaders: true,
  responses: { 200: { description: 'The signed-in user', schema: authUserSchema } },
});
