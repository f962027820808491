import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../../db/pool.ts';
import { tooManyRequests } from '../../../lib/http-errors.ts';
import type { SpeechSynthesizer } from '../../../providers/openai/openai-speech.ts';

/** The sentence every voice sample says: the same words in each voice, so they compare. */
export const previewSentence = (assistantName: string) =>
  `Hi, I'm ${assistantName}. This is how I'll sound when I answer your calls.`;

/** How long a tenant's sample of a voice is kept and played again without asking OpenAI. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** At most this many samples kept (about 30 KB each); the oldest goes first. */
const MAX_SAMPLES = 500;

/**
 * Voice samples kept in this instance's memory per tenant and voice, so repeated clicks (and other
 * admins of the tenant) cost nothing for an hour. Two clicks at once share one request to OpenAI; a
 * failed request is not kept.
 */
export class VoicePreviewCache {
  readonly #samples = new Map<string, { audio: Buffer; expiresAt: number }>();
  readonly #pending = new Map<string, Promise<Buffer>>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlMs?: number; now?: () => number } = {}) {
    this.#ttlMs = options.ttlMs ?? PREVIEW_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  /** The tenant's sample of `voice`, made by `make` only when none is kept (or it has expired). */
  async sample(tenantId: string, voice: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${tenantId}\u0000${voice}`;
    const kept = this.#samples.get(key);
    if (kept && kept.expiresAt > this.#now()) return kept.audio;
    this.#samples.delete(key);
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const made = make().then((audio) => {
      this.#samples.set(key, { audio, expiresAt: this.#now() + this.#ttlMs });
      while (this.#samples.size > MAX_SAMPLES) {
        const oldest = this.#samples.keys().next().value;
        if (oldest === undefined) break;
        this.#samples.delete(oldest);
      }
      return audio;
    });
    this.#pending.set(key, made);
    try {
      return await made;
    } finally {
      this.#pending.delete(key);
    }
  }
}

/**
 * Samples each admin may ask for a minute, cached ones included: a script clicking Play is stopped with
 * 429 and Retry-After. Counted in PostgreSQL so the limit holds across API instances (the login
 * limiter's table, whose expired rows the retention schedule purges).
 */
export function voicePreviewLimit(
  pool: Pool,
  perMinute: number,
): (tenantId: string, userId: string) => Promise<void> {
  const previews = new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'login_rate_limit',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: 'voice_preview',
    points: perMinute,
    duration: 60,
  });
  return async (tenantId, userId) => {
    try {
      await previews.consume(`${tenantId}|${userId}`);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      throw error;
    }
  };
}

export type VoicePreviewDeps = {
  /** Undefined when OPENAI_API_KEY is not set (the route answers 503). */
  speech: SpeechSynthesizer | undefined;
  pool: Pool;
  assistantName: string;
  /** Samples per admin per minute (10 unless given). */
  perMinute?: number;
  cache?: VoicePreviewCache;
};
