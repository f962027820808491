import type { Fact, Note } from '@annie/contracts/knowledge';
import { useDeferredValue, useMemo } from 'react';
import { factSearchText, filterSearchable, noteSearchText, toSearchable } from '../lib/knowledge-filter.ts';

const NO_FACTS: Fact[] = [];
const NO_NOTES: Note[] = [];

/**
 * Both lists filtered by the search box. The query is deferred, so typing stays responsive while a long
 * list re-filters and re-renders in the background; the search texts are built once per list.
 */
export function useFilteredKnowledge(facts: Fact[] | undefined, notes: Note[] | undefined, query: string) {
  const deferredQuery = useDeferredValue(query);
  const searchableFacts = useMemo(() => toSearchable(facts ?? NO_FACTS, factSearchText), [facts]);
  const searchableNotes = useMemo(() => toSearchable(notes ?? NO_NOTES, noteSearchText), [notes]);
  const filteredFacts = useMemo(
    () => filterSearchable(searchableFacts, deferredQuery),
    [searchableFacts, deferredQuery],
  );
  const filteredNotes = useMemo(
    () => filterSearchable(searchableNotes, deferredQuery),
    [searchableNotes, deferredQuery],
  );
  return {
    facts: filteredFacts,
    notes: filteredNotes,
    searching: deferredQuery.trim().length > 0,
  };
}
