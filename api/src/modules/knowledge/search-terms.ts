/** Queries this short (after trimming) match by substring: a one- or two-letter prefix says too little. */
export const SUBSTRING_MAX_LENGTH = 2;
const MAX_TERMS = 12;

/** How a search query runs: full-text with prefix terms, or a plain substring match. */
export type SearchPlan =
  | { kind: 'fulltext'; anyTerms: string; allTerms: string; text: string }
  | { kind: 'substring'; text: string };

/**
 * Turns free text into to_tsquery input: every word becomes a prefix term (`word:*`), ORed for matching
 * and ANDed for the bonus of matching them all. Only letters and digits survive, so the result is
 * always valid tsquery syntax; PostgreSQL stems the words and drops stop words itself.
 */
export function planSearch(query: string): SearchPlan {
  const text = query.trim();
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
  if (text.length <= SUBSTRING_MAX_LENGTH || words.length === 0) return { kind: 'substring', text };
  const terms = [...new Set(words)].map((word) => `${word}:*`);
  return { kind: 'fulltext', anyTerms: terms.join(' | '), allTerms: terms.join(' & '), text };
}
