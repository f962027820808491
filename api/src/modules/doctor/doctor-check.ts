import type { ProviderCheck } from '@annie/contracts/doctor';

/** How long any one live check may take: the doctor answers in seconds even when a provider hangs. */
export const DOCTOR_TIMEOUT_MS = 5_000;

type Check = ProviderCheck['checks'][number];

export const passed = (name: string, detail: string): Check => ({ name, ok: true, detail });
export const failed = (name: string, detail: string): Check => ({ name, ok: false, detail });

/** A provider's result from its checks: answering only when every one passed. */
export function providerResult(
  provider: ProviderCheck['provider'],
  label: string,
  checks: Check[],
): ProviderCheck {
  return { provider, label, state: checks.every((check) => check.ok) ? 'answering' : 'failing', checks };
}

export function notConfigured(
  provider: ProviderCheck['provider'],
  label: string,
  detail: string,
): ProviderCheck {
  return { provider, label, state: 'not_configured', checks: [passed('settings', detail)] };
}

/** The provider's own words for a failure (status and message), never a request or a credential. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { status, code } = error as { status?: unknown; code?: unknown };
  const timedOut = error.name === 'TimeoutError' || /timed? ?out/i.test(error.message);
  const message = timedOut ? `no answer within ${DOCTOR_TIMEOUT_MS / 1000} s` : error.message;
  const prefix = typeof status === 'number' && !message.startsWith(String(status)) ? `${status} ` : '';
  const codeText = typeof code === 'string' || typeof code === 'number' ? ` (code ${code})` : '';
  const causes: string[] = [];
  for (let next = error.cause; next instanceof Error && causes.length < 3; next = next.cause)
    causes.push(next.message);
  const cause = causes.length > 0 ? ` (${causes.join(': ')})` : '';
  return `${prefix}${message}${codeText}${cause}`;
}
