import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';
import { KNOWLEDGE_SOURCES } from './fact.entity.ts';

/** A free-text note with tags; the database keeps its search vector. */
const KnowledgeNoteSchema = defineEntity({
  name: 'KnowledgeNote',
  tableName: 'knowledge_note',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    title: p.text(),
    body: p.text(),
    tags: p.array().default([]),
    source: p.enum(KNOWLEDGE_SOURCES).default('other'),
    /** Automatic replies, sent without the executive's review, may use it. */
    shareable: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class KnowledgeNote extends KnowledgeNoteSchema.class {}
KnowledgeNoteSchema.setClass(KnowledgeNote);

export { KnowledgeNoteSchema };
