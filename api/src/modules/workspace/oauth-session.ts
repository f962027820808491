import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';

/** How long a started consent may take before its state is refused. */
const CONSENT_TTL_MS = 10 * 60_000;

type PendingConsent = { state: string; codeVerifier: string; startedAt: number };

/** Keeps the state and PKCE verifier in the (server-side) session until the callback. */
export function rememberConsent(ctx: Context, consent: { state: string; codeVerifier: string }): void {
  if (!ctx.session) throw new Error('Sessions are required for the Google consent');
  ctx.session.googleConsent = { ...consent, startedAt: Date.now() } satisfies PendingConsent;
}

/**
 * Takes the session's pending consent (single use: it is removed whatever happens next) and returns
 * its verifier when `state` matches it and it is fresh; undefined otherwise.
 */
export function takeConsent(ctx: Context, state: string | undefined): string | undefined {
  const pending = ctx.session?.googleConsent as PendingConsent | undefined;
  if (ctx.session) delete ctx.session.googleConsent;
  if (!pending || !state || Date.now() - pending.startedAt > CONSENT_TTL_MS) return undefined;
  const expected = Buffer.from(pending.state);
  const given = Buffer.from(state);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return pending.codeVerifier;
}
