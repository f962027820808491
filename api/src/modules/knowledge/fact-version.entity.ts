import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';
import { KnowledgeFact } from './fact.entity.ts';

/** One immutable version of a fact (the latest is also copied on the fact itself). */
const KnowledgeFactVersionSchema = defineEntity({
  name: 'KnowledgeFactVersion',
  tableName: 'knowledge_fact_version',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    fact: () => p.manyToOne(KnowledgeFact).deleteRule('cascade'),
    tenantId: p.string(),
    version: p.integer(),
    valueText: p.text(),
    unit: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    approvedAt: p.datetime().nullable(),
  },
});

export class KnowledgeFactVersion extends KnowledgeFactVersionSchema.class {}
KnowledgeFactVersionSchema.setClass(KnowledgeFactVersion);

export { KnowledgeFactVersionSchema };
