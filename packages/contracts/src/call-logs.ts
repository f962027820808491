import { z } from 'zod';
import { callChannelSchema, callDirectionSchema, callSessionListSchema } from './calls.ts';
import { limitQueryField, searchQueryField } from './paging.ts';

/**
 * How a call went, as Call Logs files it: still going (`ongoing`), a conversation took place
 * (`completed`: someone other than the assistant said something), or it ended with nobody heard
 * (`no-conversation`: unanswered, hung up at once).
 */
export const CALL_OUTCOMES = ['ongoing', 'completed', 'no-conversation'] as const;
export const callOutcomeSchema = z.enum(CALL_OUTCOMES);

/** The orders Call Logs can sort by. */
export const CALL_LOG_SORTS = ['newest', 'oldest', 'longest', 'shortest', 'costliest'] as const;

/** Default and largest page of GET /api/call-logs. */
export const CALL_LOG_PAGE_DEFAULT = 20;
export const CALL_LOG_PAGE_MAX = 100;

const flag = z
  .enum(['true', 'false'], { error: 'includeEmpty must be true or false' })
  .transform((value) => value === 'true');

/**
 * Query of GET /api/call-logs (and its CSV): the signed-in user's calls, filtered by direction, channel,
 * contact (a name or digits of the number), start date (from/to, UTC, inclusive), outcome and words said
 * (`q`, over the transcripts), sorted, `limit` calls from `offset`. Calls that ended within a second are
 * left out unless `includeEmpty` is true (the answer counts them).
 */
export const callLogQuerySchema = z
  .object({
    direction: callDirectionSchema.optional(),
    channel: callChannelSchema.optional(),
    contact: z.string().trim().max(120, 'The contact must be at most 120 characters').optional(),
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
    outcome: callOutcomeSchema.optional(),
    q: searchQueryField,
    includeEmpty: flag.optional(),
    sort: z
      .enum(CALL_LOG_SORTS, { error: `sort must be one of ${CALL_LOG_SORTS.join(', ')}` })
      .default('newest'),
    limit: limitQueryField(CALL_LOG_PAGE_DEFAULT, CALL_LOG_PAGE_MAX),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int('offset must be a whole number')
      .min(0, 'offset must be at least 0')
      .max(100_000, 'offset must be at most 100000')
      .default(0),
  })
  .strict();

/** The refusal of a date range that ends before it starts. */
export const CALL_LOG_RANGE_MESSAGE = 'The start date must not be after the end date';

/** One page of Call Logs: the calls matching, how many match in all, and how many 0-second calls were left out. */
export const callLogPageSchema = z.object({
  total: z.number().int().nonnegative(),
  emptyHidden: z.number().int().nonnegative(),
  sessions: callSessionListSchema,
});

export type CallOutcome = z.infer<typeof callOutcomeSchema>;
export type CallLogSort = (typeof CALL_LOG_SORTS)[number];
export type CallLogQuery = z.input<typeof callLogQuerySchema>;
export type CallLogFilters = z.output<typeof callLogQuerySchema>;
export type CallLogPage = z.infer<typeof callLogPageSchema>;
