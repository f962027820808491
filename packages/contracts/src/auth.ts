import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './auth-limits.ts';

/** Body of POST /api/login; unknown keys are rejected so typos surface as 400. */
export const loginRequestSchema = z
  .object({
    username: z
      .string({ error: 'Username is required' })
      .min(1, 'Username is required')
      .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  })
  .strict();

/** The signed-in user as returned by POST /api/login and GET /api/auth/user, exactly (no other keys). */
export const authUserSchema = z.strictObject({
  id: z.uuid(),
  username: z.string().min(1),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  tenantId: z.string().min(1),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type AuthUser = z.infer<typeof authUserSchema>;
