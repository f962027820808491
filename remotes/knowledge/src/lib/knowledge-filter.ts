import type { Fact, Note } from '@annie/contracts/knowledge';

/** What the search box matches in a fact: the key or the JSON text of the value. */
export function factSearchText(fact: Fact): string {
  return `${fact.key}\n${JSON.stringify(fact.value)}`.toLowerCase();
}

/** What the search box matches in a note: the title, the body or any tag. */
export function noteSearchText(note: Note): string {
  return `${note.title}\n${note.body}\n${note.tags.join('\n')}`.toLowerCase();
}

/** A list with each item's lower-cased search text computed once, so each keystroke only scans strings. */
export type Searchable<T> = readonly { item: T; text: string }[];

export function toSearchable<T>(items: readonly T[], textOf: (item: T) => string): Searchable<T> {
  return items.map((item) => ({ item, text: textOf(item) }));
}

/** The items whose search text contains the query, case-insensitively; all of them for a blank query. */
export function filterSearchable<T>(searchable: Searchable<T>, query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return searchable.map((entry) => entry.item);
  const matches: T[] = [];
  for (const entry of searchable) if (entry.text.includes(needle)) matches.push(entry.item);
  return matches;
}
