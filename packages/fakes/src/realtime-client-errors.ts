/** A client event OpenAI's Realtime API refused: the `error` event's code, message and offending field. */
export type RealtimeRefusal = { code: string; message: string; param?: string };

/** OpenAI's `error` event for a refused client event (the session stays open). */
export function refusalEvent(cause: { readonly [key: string]: unknown }, refusal: RealtimeRefusal) {
  return {
    type: 'error',
    error: {
      type: 'invalid_request_error',
      code: refusal.code,
      message: refusal.message,
      param: refusal.param ?? null,
      event_id: typeof cause.event_id === 'string' ? cause.event_id : null,
    },
  };
}

/**
 * A `session.update` may change any field but the model, which is set when the session is created:
 * the refusal for one that names another model, or null.
 */
export function modelChangeRefusal(
  currentModel: unknown,
  changes: { model?: unknown },
): RealtimeRefusal | null {
  if (changes.model === undefined || changes.model === currentModel) return null;
  return {
    code: 'invalid_value',
    message:
      "The session's model cannot be changed by session.update; it is set when the session is created.",
    param: 'session.model',
  };
}
