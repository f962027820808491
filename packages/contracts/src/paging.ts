import { z } from 'zod';

/** The `limit` query field of a list: a whole number from 1 to `maxLimit`, `defaultLimit` when absent. */
export function limitQueryField(defaultLimit: number, maxLimit: number) {
  return z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(maxLimit, `Limit must be at most ${maxLimit}`)
    .default(defaultLimit);
}

/**
 * Query fields of a list served a page at a time: `after`, the opaque cursor of the previous answer's
 * `Link: <…>; rel="next"` header, and `limit`, the page size.
 */
export function pageQueryFields(defaultLimit: number, maxLimit: number) {
  return {
    after: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,400}$/, 'after must be the cursor of a Link header')
      .optional(),
    limit: limitQueryField(defaultLimit, maxLimit),
  };
}

/** The search field of such a list (`q`). */
export const searchQueryField = z
  .string()
  .trim()
  .max(100, 'The search must be at most 100 characters')
  .optional();
