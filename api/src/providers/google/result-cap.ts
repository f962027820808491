/** Largest tool result handed to the model, in characters of JSON. */
export const TOOL_RESULT_MAX_CHARS = 16_000;

/**
 * Keeps a tool result under the cap by dropping list entries from the end (longest list first), and
 * says so with `truncated: true`; a model reads the head of a list, never a whole mailbox.
 */
export function capResult(data: unknown, maxChars = TOOL_RESULT_MAX_CHARS): unknown {
  if (JSON.stringify(data).length <= maxChars || !data || typeof data !== 'object' || Array.isArray(data))
    return data;
  const copy: Record<string, unknown> = { ...(data as Record<string, unknown>), truncated: true };
  const lists = Object.keys(copy).filter((key) => Array.isArray(copy[key]));
  for (const key of lists) copy[key] = [...(copy[key] as unknown[])];
  const longest = () =>
    lists.reduce<string | undefined>(
      (best, key) =>
        (copy[key] as unknown[]).length > ((best && (copy[best] as unknown[]).length) || 0) ? key : best,
      undefined,
    );
  for (let key = longest(); key && JSON.stringify(copy).length > maxChars; key = longest()) {
    (copy[key] as unknown[]).pop();
  }
  return copy;
}
