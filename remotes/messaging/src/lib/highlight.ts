/** One piece of a text: `match` when it is the searched words. */
export type TextPart = { text: string; match: boolean };

/** Splits `text` around every case-insensitive occurrence of `query` (none for a blank query). */
export function highlightParts(text: string, query: string): TextPart[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(wanted); at !== -1; at = lower.indexOf(wanted, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + wanted.length), match: true });
    from = at + wanted.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
