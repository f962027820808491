/** A Drive query string literal: backslashes and quotes escaped, as the Drive query language needs. */
export const driveLiteral = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

// A single-quoted value, escapes included: its text is data, never a query term.
const LITERAL = /'(?:[^'\\]|\\.)*'/g;

/**
 * Whether a Drive query has a `fullText` term anywhere: first or not, inside parentheses, beside an `or`
 * or after a `not`. The words inside quoted values do not count. Drive refuses `orderBy` with such a query.
 */
export function usesFullText(query: string): boolean {
  return /(^|[\s(])fullText\s+contains\b/.test(query.replace(LITERAL, "''"));
}
