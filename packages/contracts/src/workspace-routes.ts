// Google Workspace's routes: connecting an account (consent and callback), the user's accounts, and the
// google_ voice tools run on the server.
import { z } from 'zod';
import { route } from './route.ts';
import {
  googleAccountListSchema,
  googleAccountSchema,
  googleAuthUrlSchema,
  googleCallbackQuerySchema,
  googleStatusSchema,
  voiceToolRequestSchema,
  voiceToolResultSchema,
} from './workspace.ts';

const NOT_CONFIGURED = 'Google is not configured, or the database is briefly unavailable';

export const getGoogleStatus = route({
  method: 'get',
  path: '/api/google/status',
  summary: 'Whether the user has a connected Google account',
  access: 'signed-in',
  responses: { 200: { description: 'The status', schema: googleStatusSchema } },
});

export const listGoogleAccounts = route({
  method: 'get',
  path: '/api/google/accounts',
  summary: "The user's connected Google accounts",
  access: 'signed-in',
  responses: { 200: { description: 'The accounts', schema: googleAccountListSchema } },
});

export const activateGoogleAccount = route({
  method: 'post',
  path: '/api/google/accounts/:id/activate',
  summary: "Make one of the user's Google accounts the active one",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: 'Google account not found',
  responses: { 200: { description: 'The account', schema: googleAccountSchema } },
});

export const disconnectGoogle = route({
  method: 'post',
  path: '/api/google/disconnect',
  summary: "Disconnect the user's Google accounts (revoked at Google)",
  access: 'signed-in',
  responses: { 200: { description: 'Disconnected', schema: googleStatusSchema } },
  errors: { 502: 'Google did not confirm the disconnection' },
});

export const startGoogleConsent = route({
  method: 'get',
  path: '/api/google/auth',
  summary: "Start connecting the user's Google account: the consent URL to send the browser to",
  access: 'signed-in',
  responses: { 200: { description: 'The consent URL', schema: googleAuthUrlSchema } },
  errors: { 503: NOT_CONFIGURED },
});

export const googleCallback = route({
  method: 'get',
  path: '/api/google/callback',
  summary: 'Where Google sends the browser back after consent',
  description:
    'Always a redirect: to the success page, or to the error page with `?reason=` (also when not signed in).',
  access: 'signed-in',
  skipIdentityHeaders: true,
  query: googleCallbackQuerySchema,
  responses: { 302: { description: 'To the success or the error page' } },
});

export const runGoogleVoiceTool = route({
  method: 'post',
  path: '/api/google/voice-tools',
  summary: 'Run one Google voice tool for the user',
  description:
    'What happened at Google (done, not connected, failed) is the 200 envelope; only a malformed call is a 400.',
  access: 'signed-in',
  body: voiceToolRequestSchema,
  responses: { 200: { description: "The tool's outcome", schema: voiceToolResultSchema } },
  errors: { 503: NOT_CONFIGURED },
});
