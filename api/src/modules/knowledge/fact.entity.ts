import { randomUUID } from 'node:crypto';
import type { KnowledgeSource } from '@annie/contracts/knowledge';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';

export const KNOWLEDGE_SOURCES = [
  'auwagenics',
  'natural_house',
  'other',
] as const satisfies readonly KnowledgeSource[];

/**
 * A fact's latest version, one row per key and tenant. `valueText` is the value's JSON text (so JSON
 * null is the string "null"); the database keeps a generated jsonb copy and the search vector.
 */
const KnowledgeFactSchema = defineEntity({
  name: 'KnowledgeFact',
  tableName: 'knowledge_fact',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    key: p.text(),
    valueText: p.text(),
    unit: p.text().nullable(),
    version: p.integer().default(1),
    source: p.enum(KNOWLEDGE_SOURCES).default('other'),
    /** Automatic replies, sent without the executive's review, may use it. */
    shareable: p.boolean().default(false),
    /** When the current version was created. */
    createdAt: p.datetime().onCreate(() => new Date()),
    approvedAt: p.datetime().nullable(),
  },
});

export class KnowledgeFact extends KnowledgeFactSchema.class {}
KnowledgeFactSchema.setClass(KnowledgeFact);

export { KnowledgeFactSchema };
