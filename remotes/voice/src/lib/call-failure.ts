import { errorMessage, isApiError } from '@annie/api-client/http';

/**
 * Why a call could not start, in the executive's words: `message` never holds a status code or raw
 * JSON; `detail` is the technical cause, shown folded ("Technical details") to admins only.
 */
export type CallFailure = { message: string; detail: string | null };

export const MICROPHONE_BLOCKED =
  'Your microphone is blocked. Allow this site to use the microphone in the browser, then press Start again.';
export const NO_MICROPHONE = 'No microphone was found. Connect one, then press Start again.';
export const CALL_COULD_NOT_START = 'The call could not start. Please try again in a moment.';
/** The budget's hard stop, when the server's own words are missing. */
export const CALLS_PAUSED_FALLBACK =
  "Calls are paused: this month's usage budget is spent. Ask an admin of your workspace to raise it in Usage.";

const apiCauseOf = (error: unknown): unknown =>
  error instanceof Error && isApiError(error.cause) ? error.cause : error;

/** The technical cause: the error's own message and the server's, e.g. "Failed to get answer: 503 — …". */
function technicalDetail(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const serverMessage = errorMessage(apiCauseOf(error), '');
  return [error.message, serverMessage].filter(Boolean).join(' — ') || null;
}

/** What the screen says when a call does not start, by cause: microphone, budget, anything else. */
export function callFailureOf(error: unknown): CallFailure {
  if (error instanceof DOMException) {
    const missing = error.name === 'NotFoundError' || error.name === 'OverconstrainedError';
    return { message: missing ? NO_MICROPHONE : MICROPHONE_BLOCKED, detail: null };
  }
  const cause = apiCauseOf(error);
  if (isApiError(cause) && cause.status === 402) {
    return { message: errorMessage(cause, CALLS_PAUSED_FALLBACK), detail: null };
  }
  return { message: CALL_COULD_NOT_START, detail: technicalDetail(error) };
}
