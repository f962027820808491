import type { Fact, JsonValue, Note } from '@annie/contracts/knowledge';
import { toDto, type WireFields, wireFieldsOf } from '../../db/wire-fields.ts';
import type { KnowledgeFact } from './fact.entity.ts';
import type { KnowledgeNote } from './note.entity.ts';

// The one declaration of each wire shape on the server: the list queries build their rows in SQL from
// these maps (`fieldsJsonSql`, `fieldsColumnsSql`) and a single answer maps its entity with `toDto`.
// Each map has exactly the keys of its contract's shape, or it does not compile.

const fact = wireFieldsOf<KnowledgeFact>();

/** A fact as it leaves the server: its latest version. */
export const factFields = {
  id: fact.plain('id'),
  key: fact.plain('key'),
  value: fact.jsonText<JsonValue>('valueText'),
  unit: fact.nullable('unit'),
  version: fact.plain('version'),
  source: fact.plain('source'),
  shareable: fact.plain('shareable'),
  createdAt: fact.instant('createdAt'),
  approvedAt: fact.nullableInstant('approvedAt'),
} satisfies WireFields<KnowledgeFact, Fact>;

const note = wireFieldsOf<KnowledgeNote>();

/** A note as it leaves the server. */
export const noteFields = {
  id: note.plain('id'),
  title: note.plain('title'),
  body: note.plain('body'),
  tags: note.list('tags'),
  source: note.plain('source'),
  shareable: note.plain('shareable'),
  createdAt: note.instant('createdAt'),
  updatedAt: note.instant('updatedAt'),
} satisfies WireFields<KnowledgeNote, Note>;

/** The only shape of a fact that leaves the server (the list builds the same one in SQL). */
export function toFactDto(entity: KnowledgeFact): Fact {
  return toDto(factFields, entity);
}

/** The only shape of a note that leaves the server (the list builds the same one in SQL). */
export function toNoteDto(entity: KnowledgeNote): Note {
  return toDto(noteFields, entity);
}
