import type { Fact, JsonValue, Note } from '@annie/contracts/knowledge';
import type { KnowledgeFact } from './fact.entity.ts';
import type { KnowledgeNote } from './note.entity.ts';

/** The only shape of a fact that leaves the server (the list builds the same one in SQL). */
export function toFactDto(fact: KnowledgeFact): Fact {
  return {
    id: fact.id,
    key: fact.key,
    value: JSON.parse(fact.valueText) as JsonValue,
    unit: fact.unit ?? null,
    version: fact.version,
    source: fact.source,
    shareable: fact.shareable,
    createdAt: fact.createdAt.toISOString(),
    approvedAt: fact.approvedAt?.toISOString() ?? null,
  };
}

/** The only shape of a note that leaves the server (the list builds the same one in SQL). */
export function toNoteDto(note: KnowledgeNote): Note {
  return {
    id: note.id,
    title: note.title,
    body: note.body,
    tags: [...note.tags],
    source: note.source,
    shareable: note.shareable,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
