import { z } from 'zod';

const count = z.number().int().nonnegative();
/** ISO 4217 code, e.g. USD, EUR, GBP. */
const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, { error: 'currency must be a three-letter ISO code such as USD or EUR' });

/** Tokens a voice model used over one call, by kind (cached tokens are part of the input). */
export const voiceTokensSchema = z.object({
  model: z.string(),
  inputText: count,
  inputAudio: count,
  cachedText: count,
  cachedAudio: count,
  outputText: count,
  outputAudio: count,
});

/** What the transcription model used: tokens, or seconds of audio for a model billed by the minute. */
export const transcriptionUsageSchema = z.object({
  model: z.string(),
  inputText: count,
  inputAudio: count,
  output: count,
  seconds: z.number().nonnegative(),
});

/** One tool the model called during a call. */
export const callToolFigureSchema = z.object({
  name: z.string(),
  durationMs: z.number().nonnegative(),
  outcome: z.enum(['ok', 'error']),
});

/** A money amount in the tenant's currency. */
export const moneySchema = z.object({ amount: z.number(), currency: currencySchema });

/**
 * What one call measured. `source` says who measured: the server (phone calls, which it bridges, and
 * browser calls, through OpenAI's server-side connection to the call); `client-reported` is kept for
 * figures a browser would report itself, which nothing records today.
 */
/** A GPT-Live call's usage: voice seconds (cumulative, as OpenAI reported them) and the backend's tokens. */
export const liveUsageSchema = z.object({
  model: z.string(),
  seconds: z.number().nonnegative(),
  backendModel: z.string(),
  /** Responses usage of every delegated response; reasoning tokens are a part of the output ones. */
  backendTokens: z.object({ input: count, cached: count, output: count, reasoning: count }),
});

export const callFiguresSchema = z.object({
  source: z.enum(['server', 'client-reported']),
  /** Response latency per caller turn: end of the caller's speech → first audio of the reply sent. */
  latenciesMs: z.array(z.number().nonnegative()),
  latency: z
    .object({ p50: z.number().nonnegative(), p95: z.number().nonnegative(), max: z.number().nonnegative() })
    .nullable(),
  interruptions: count,
  tools: z.array(callToolFigureSchema),
  voiceTokens: voiceTokensSchema.nullable(),
  transcription: transcriptionUsageSchema.nullable(),
  /** Set on a call that ran on GPT-Live (its voice has no tokens: voiceTokens and transcription are null). */
  live: liveUsageSchema.nullable().optional(),
  /** Twilio's billed minutes and the price it reported (null until Twilio knows it). */
  twilio: z
    .object({ minutes: count, price: z.number().nullable(), priceUnit: z.string().nullable() })
    .nullable(),
  /** The estimate from the price table (and Twilio's price once known), in the tenant's currency. */
  cost: moneySchema.nullable(),
});

/** One row of the usage report: a period, a user (null once deleted) and a channel. */
export const usageRowSchema = z.object({
  period: z.string(),
  userId: z.uuid().nullable(),
  username: z.string().nullable(),
  channel: z.enum(['twilio', 'webrtc', 'web', 'sms']),
  calls: count,
  minutes: z.number().nonnegative(),
  /** The calls' length in whole seconds (the screen shows m:ss). */
  seconds: count,
  texts: count,
  tokens: count,
  cost: z.number(),
});

/** The report's sums; `cost` is summed before rounding, as the budget's spend is, so the two agree. */
export const usageTotalsSchema = z.object({
  calls: count,
  seconds: count,
  texts: count,
  tokens: count,
  cost: z.number(),
});

export const usageReportSchema = z.object({
  currency: currencySchema,
  rows: z.array(usageRowSchema),
  totals: usageTotalsSchema,
});

/** One UTC day's measured calls: how many, and their response latency's median and 95th percentile. */
export const dailyLatencySchema = z.object({
  date: z.iso.date(),
  calls: count,
  p50: z.number().nonnegative(),
  p95: z.number().nonnegative(),
});

/** GET /api/call-sessions/latency-by-day: the days with measured calls, oldest first. */
export const latencyByDaySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  days: z.array(dailyLatencySchema),
});

/** Query of GET /api/usage: by day or month, between two dates (inclusive, UTC). */
export const usageQuerySchema = z
  .object({
    by: z.enum(['day', 'month']).default('day'),
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  })
  .strict();

/** Per-model prices in USD per million tokens, or per minute for a model billed by duration. */
export const modelPriceSchema = z.union([
  z.object({
    per: z.literal('tokens'),
    textIn: z.number().nonnegative(),
    textCached: z.number().nonnegative(),
    textOut: z.number().nonnegative(),
    audioIn: z.number().nonnegative(),
    audioCached: z.number().nonnegative(),
    audioOut: z.number().nonnegative(),
  }),
  z.object({ per: z.literal('minute'), usd: z.number().nonnegative() }),
]);

/** The tenant's usage settings: currency, its rate to USD, the monthly budget and price overrides. */
export const usageSettingsSchema = z.object({
  currency: currencySchema,
  /** How many units of `currency` one US dollar buys (1 for USD). */
  usdRate: z.number().positive({ error: 'usdRate must be above 0' }),
  /** The monthly budget in `currency`; null for none. */
  monthlyBudget: z.number().positive({ error: 'monthlyBudget must be above 0' }).nullable(),
  /** Refuse new calls and drafts once the month's spend reaches the budget (calls in progress finish). */
  hardStop: z.boolean(),
  /** Prices that replace the defaults, by model name. */
  prices: z.record(z.string().min(1), modelPriceSchema),
});

/** The default price table: its date and prices (read-only, for the settings screen). */
export const priceTableSchema = z.object({
  pricedOn: z.iso.date(),
  prices: z.record(z.string(), modelPriceSchema),
});

export const usageSettingsAnswerSchema = usageSettingsSchema.extend({ defaults: priceTableSchema });

/** The month's spend against the budget (for the admin banner). */
export const budgetStatusSchema = z.object({
  month: z.string(),
  spent: z.number(),
  budget: z.number().nullable(),
  currency: currencySchema,
  /** spent / budget; null without a budget. */
  ratio: z.number().nullable(),
  warning: z.boolean(),
  stopped: z.boolean(),
});

export type CallFigures = z.infer<typeof callFiguresSchema>;
export type VoiceTokens = z.infer<typeof voiceTokensSchema>;
export type LiveUsageFigures = z.infer<typeof liveUsageSchema>;
export type TranscriptionUsage = z.infer<typeof transcriptionUsageSchema>;
export type ModelPrice = z.infer<typeof modelPriceSchema>;
export type UsageRow = z.infer<typeof usageRowSchema>;
export type UsageReport = z.infer<typeof usageReportSchema>;
export type UsageTotals = z.infer<typeof usageTotalsSchema>;
export type DailyLatency = z.infer<typeof dailyLatencySchema>;
export type LatencyByDay = z.infer<typeof latencyByDaySchema>;
export type UsageQuery = z.input<typeof usageQuerySchema>;
export type UsageSettings = z.infer<typeof usageSettingsSchema>;
export type UsageSettingsAnswer = z.infer<typeof usageSettingsAnswerSchema>;
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;

/** GET /api/call-sessions/engines: 404 when `profileId` names none of the tenant's voice profiles. */
export const ENGINE_PROFILE_NOT_FOUND = 'Voice profile not found';

/**
 * GET /api/call-sessions/engines query: calls started between two dates (UTC, inclusive; default the
 * last 30 days) that one voice profile ran (its id as the profile list names it; default the default
 * profile).
 */
export const engineComparisonQuerySchema = z
  .object({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
    profileId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'from must not be after to',
    path: ['from'],
  });

/** One engine's measured calls: how fast it answered, how often it was cut off, its tools and cost. */
export const engineFiguresSchema = z.object({
  engine: z.enum(['realtime', 'live']),
  calls: count,
  minutes: z.number().nonnegative(),
  /** Over every answered turn of those calls. */
  latency: z.object({ p50: z.number().nonnegative(), p95: z.number().nonnegative() }).nullable(),
  interruptionsPerMinute: z.number().nonnegative().nullable(),
  toolRuns: count,
  toolFailures: count,
  /** The calls' estimated cost per minute, in the tenant's currency (null when a call's cost is unknown). */
  costPerMinute: z.number().nonnegative().nullable(),
});

/** Both engines side by side over one voice profile's server-measured calls. */
export const engineComparisonSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** The profile compared (as the profile list names it); null when the tenant has none saved (every call). */
  profile: z.object({ id: z.string(), name: z.string() }).nullable(),
  currency: currencySchema,
  engines: z.array(engineFiguresSchema),
});

export type EngineFigures = z.infer<typeof engineFiguresSchema>;
export type EngineComparison = z.infer<typeof engineComparisonSchema>;
