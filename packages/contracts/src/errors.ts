import { z } from 'zod';

/** One validation problem, with the dotted path of the offending field. */
export const apiErrorIssueSchema = z.strictObject({
  path: z.string(),
  message: z.string(),
});

/** Every API error response body. */
export const apiErrorBodySchema = z.strictObject({
  message: z.string(),
  code: z.string(),
  issues: z.array(apiErrorIssueSchema).optional(),
  /** Set on the 409 for a number already on a call. */
  duplicate: z.literal(true).optional(),
});

export type ApiErrorIssue = z.infer<typeof apiErrorIssueSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
