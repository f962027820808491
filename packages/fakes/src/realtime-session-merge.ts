const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `session.update` changes only what it names: objects merge key by key, anything else (null too) replaces. */
export function mergeSession(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    const before = merged[key];
    merged[key] = isPlainObject(before) && isPlainObject(value) ? mergeSession(before, value) : value;
  }
  return merged;
}
