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
    }),
  ),
});

/** `npm run annie -- doctor --json` and GET /api/admin/doctor. */
export const doctorReportSchema = z.strictObject({
  checkedAt: z.iso.datetime(),
  /** True when every configured provider answered (the command's exit code 0). */
  healthy: z.boolean(),
  providers: z.array(providerCheckSchema),
});

export type ProviderCheck = z.infer<typeof providerCheckSchema>;
export type DoctorReport = z.infer<typeof doctorReportSchema>;
