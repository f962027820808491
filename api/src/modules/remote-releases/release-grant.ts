import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { type AppState, authOf } from '../../http/app-state.ts';
import { forbidden, HttpError } from '../../lib/http-errors.ts';

/** How long a password confirmation lets its page approve releases and issue tokens. */
export const GRANT_MINUTES = 5;

/** The header the Remote releases page sends its grant in (never a cookie: a cookie goes with any request). */
export const GRANT_HEADER = 'X-Release-Grant';

/** The path of the page that holds the grant: the Remote releases screen, served by the shell alone. */
export const RELEASES_PAGE_PATH = '/admin/modules';

type StoredGrant = { hash: string; until: number };
const SESSION_KEY = 'releaseGrant';

const hashOf = (grant: string) => createHash('sha256').update(grant).digest('hex');

/**
 * After the password was confirmed: a new grant, bound to this session (only its hash is stored in
 * it) and good for GRANT_MINUTES. The secret is handed to the page that asked, in this answer only, so
 * it lives in that page's memory and nowhere a remote's code can read it from another page.
 */
export function issueGrant(ctx: { session: { [key: string]: unknown } | null }): {
  grant: string;
  expiresAt: string;
} {
  const grant = randomBytes(32).toString('base64url');
  const until = Date.now() + GRANT_MINUTES * 60_000;
  if (ctx.session) ctx.session[SESSION_KEY] = { hash: hashOf(grant), until } satisfies StoredGrant;
  return { grant, expiresAt: new Date(until).toISOString() };
}

function fromTheReleasesPage(ctx: { get(name: string): string; protocol: string; host: string }): boolean {
  // Browsers set Sec-Fetch-*; a script cannot. Cross-site, a navigation or a frame is refused outright.
  const site = ctx.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin') return false;
  const dest = ctx.get('Sec-Fetch-Dest');
  if (dest && dest !== 'empty') return false;
  const referer = ctx.get('Referer');
  if (!referer) return true;
  try {
    const url = new URL(referer);
    // Koa 3's ctx.origin echoes the Origin header: this server's own is built from the Host.
    return url.origin === `${ctx.protocol}://${ctx.host}` && url.pathname === RELEASES_PAGE_PATH;
  } catch {
    return false;
  }
}

/**
 * What approving a release or issuing a deploy token needs beyond an operator administrator's session:
 * the grant a fresh password confirmation gave this session (within GRANT_MINUTES) in GRANT_HEADER, sent
 * by a fetch of the Remote releases page. Use after requireOperatorAdmin.
 */
export function requireFreshGrant(): Middleware<AppState> {
  return async function checkReleaseGrant(ctx, next) {
    authOf(ctx);
    if (!fromTheReleasesPage(ctx))
      throw forbidden('Only the Remote releases page may do this (a fetch from that page, on this origin)');
    const stored = ctx.session?.[SESSION_KEY] as StoredGrant | undefined;
    const sent = ctx.get(GRANT_HEADER);
    const matches =
      stored &&
      typeof stored.hash === 'string' &&
      stored.hash.length === 64 &&
      stored.until > Date.now() &&
      sent !== '' &&
      timingSafeEqual(Buffer.from(hashOf(sent)), Buffer.from(stored.hash));
    // Its own code, so the page knows to ask for the password again.
    if (!matches)
      throw new HttpError(
        403,
        'password_confirmation_required',
        `Confirm your password first (a confirmation holds ${GRANT_MINUTES} minutes, on the Remote releases page)`,
      );
    await next();
  };
}
