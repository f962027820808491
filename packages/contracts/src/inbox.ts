import { z } from 'zod';
import { smsDirectionSchema, smsThreadSummarySchema } from './sms.ts';
import { pendingActionSchema } from './trust.ts';

/** Longest text a message search takes. */
export const SMS_SEARCH_MAX = 100;
/** Most messages one search answers (newest first). */
export const SMS_SEARCH_LIMIT = 20;

/** Query of GET /api/sms/search: words to find inside the tenant's texts. */
export const smsSearchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required: the words to find' })
    .trim()
    .min(1, 'q is required: the words to find')
    .max(SMS_SEARCH_MAX, `q may be at most ${SMS_SEARCH_MAX} characters`),
});

/** One text whose body holds the search: where it is, and the words around the match. */
export const smsSearchHitSchema = z.object({
  messageId: z.uuid(),
  threadId: z.uuid(),
  phoneE164: z.string(),
  /** The contact's nickname or name; the number when the thread's number is no contact's. */
  displayName: z.string(),
  /** True when the number is a contact's (else the UI formats the number). */
  contactKnown: z.boolean(),
  direction: smsDirectionSchema,
  createdAt: z.iso.datetime(),
  /** Up to 120 characters around the first match, with "…" where the body was cut. */
  snippet: z.string(),
});
export type SmsSearchHit = z.infer<typeof smsSearchHitSchema>;

export const smsSearchResultSchema = z.object({ items: z.array(smsSearchHitSchema) });
export type SmsSearchResult = z.infer<typeof smsSearchResultSchema>;

/** What waits for the signed-in user's approval: the tenant's SMS drafts and their callers' requests. */
export const approvalsCountSchema = z.object({
  drafts: z.number().int().nonnegative(),
  requests: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ApprovalsCount = z.infer<typeof approvalsCountSchema>;

/** Most items of each kind the approvals queue answers (oldest waiting first). */
export const APPROVALS_LIMIT = 100;

/** The one approvals queue: threads whose draft waits (the tenant's), and the user's callers' requests. */
export const approvalsSchema = z.object({
  drafts: z.array(smsThreadSummarySchema),
  requests: z.array(pendingActionSchema),
});
export type Approvals = z.infer<typeof approvalsSchema>;
