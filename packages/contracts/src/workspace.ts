import { z } from 'zod';

/** Body of GET /api/google/status: whether this user has a usable (active) Google connection. */
export const googleStatusSchema = z.strictObject({ authenticated: z.boolean() });

/** Body of GET /api/google/auth: where the browser goes to give consent. */
export const googleAuthUrlSchema = z.strictObject({ authUrl: z.url() });

/**
 * One Google account this user connected: name, email, picture, and whether it is active. The active
 * account is the one the tools use; an account whose grant Google revoked is inactive until reconnected.
 */
export const googleAccountSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  isActive: z.boolean(),
  /** False once Google refused the stored grant (`invalid_grant`): the account must be connected again. */
  connected: z.boolean(),
  /** The scopes Google granted (the user may untick some on the consent screen); null when not recorded. */
  grantedScopes: z.array(z.string()).nullable(),
});

/** Body of GET /api/google/accounts: the active account first, then the others by email. */
export const googleAccountListSchema = z.array(googleAccountSchema);

/**
 * Body of POST /api/google/voice-tools. `parameters` may be an object or the model's JSON text;
 * text that does not parse (or is not an object) counts as no arguments.
 */
export const voiceToolRequestSchema = z
  .object({
    toolName: z
      .string({ error: 'toolName is required' })
      .trim()
      .min(1, 'toolName is required')
      .max(100, 'toolName must be at most 100 characters'),
    parameters: z.unknown().optional(),
  })
  .strict();

/** What a tool run answers: the data on success, the error text otherwise, and whether to reconnect. */
export const voiceToolResultSchema = z.strictObject({
  success: z.boolean(),
  data: z.unknown(),
  error: z.string().nullable(),
  requiresAuth: z.boolean(),
});

/**
 * What Google appends to the callback address: the code and the state we sent, or the error of a
 * refused consent. Anything else Google adds (scope, authuser …) is ignored.
 */
export const googleCallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});

/** Where the OAuth callback sends the browser once Google has answered, by outcome. */
export const GOOGLE_RESULT_PATHS = { success: '/google/success', error: '/google/error' } as const;

export type GoogleStatus = z.infer<typeof googleStatusSchema>;
export type GoogleAuthUrl = z.infer<typeof googleAuthUrlSchema>;
export type GoogleAccount = z.infer<typeof googleAccountSchema>;
export type VoiceToolRequest = z.infer<typeof voiceToolRequestSchema>;
export type VoiceToolResult = z.infer<typeof voiceToolResultSchema>;
export type GoogleCallbackQuery = z.infer<typeof googleCallbackQuerySchema>;
