import { z } from 'zod';

export const PROVIDER_NAMES = ['openai', 'twilio', 'google', 'chemistry', 'public_url'] as const;

/**
 * One provider as the doctor found it: `not_configured` (its settings are unset), `answering` (checked
 * live and every check passed) or `failing` (the provider's own error, or what is wrong, in `checks`).
 */
export const providerCheckSchema = z.strictObject({
  provider: z.enum(PROVIDER_NAMES),
  label: z.string(),
  state: z.enum(['not_configured', 'answering', 'failing']),
  /** One line per thing checked; never a secret. */
  checks: z.array(
    z.strictObject({
      name: z.string(),
      ok: z.boolean(),
      detail: z.string(),
      /** Set on a check of one tenant's own setup (its Twilio number); admins see only their tenant's. */
      tenantId: z.string().optional(),
    }),
  ),
});

/** `npm run annie -- doctor --json` and GET /api/admin/doctor. */
export const doctorReportSchema = z.strictObject({
  checkedAt: z.iso.datetime(),
  /** True when every configured provider answered (the command's exit code 0). */
  healthy: z.boolean(),
  providers: z.array(providerCheckSchema),
  /** The database's backups (the embedded one's scheduled backups, or pgBackRest's with DATABASE_URL): the last one, or what failed. */
  backups: z
    .strictObject({
      ok: z.boolean(),
      lastAt: z.iso.datetime().nullable(),
      bytes: z.number().int().nullable(),
      detail: z.string(),
    })
    .optional(),
});

/** GET /api/admin/doctor query: `refresh=true` checks again instead of answering the cached report. */
export const doctorQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false'], { error: 'refresh must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

export type ProviderCheck = z.infer<typeof providerCheckSchema>;
export type DoctorReport = z.infer<typeof doctorReportSchema>;
