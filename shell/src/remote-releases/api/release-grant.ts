import { callRoute } from '@annie/api-client/call-route';
import { isApiError } from '@annie/api-client/http';
import { confirmReleasesPassword } from '@annie/contracts/remote-releases-routes';

// The grant lives in this page's memory only (never storage, never a cookie): code running in any other
// page of the app cannot read it, and it is gone with the page.
let held: { grant: string; until: number } | null = null;

// Asked again a little before the server's expiry, so a click near the end does not fail.
const MARGIN_MS = 15_000;

/** Confirms the administrator's password; the server's grant is kept for this page. */
export async function confirmPassword(password: string): Promise<void> {
  const answer = await callRoute(confirmReleasesPassword, { body: { password } });
  held = { grant: answer.grant, until: Date.parse(answer.expiresAt) - MARGIN_MS };
}

/** Whether a confirmation is fresh enough to approve or issue a token now. */
export function hasGrant(): boolean {
  return held !== null && held.until > Date.now();
}

/** The header the grant travels in (none when there is no fresh one). */
export function grantHeaders(): Record<string, string> {
  return held && hasGrant() ? { 'X-Release-Grant': held.grant } : {};
}

/** Whether the server refused for want of a fresh confirmation (the grant is then dropped). */
export function needsConfirmation(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const refused = error.body.includes('"password_confirmation_required"');
  if (refused) held = null;
  return refused;
}

/** Drops the grant (leaving the page does it too). */
export function forgetGrant(): void {
  held = null;
}
