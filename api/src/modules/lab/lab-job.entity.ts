import { randomUUID } from 'node:crypto';
import { LAB_JOB_STATUSES, LAB_JOB_TYPES } from '@annie/contracts/lab';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../db/tenant-filter.ts';

/** A lab job of a tenant: what was asked (type, payload), its state, and the provider's answer or error. */
const LabJobSchema = defineEntity({
  name: 'LabJob',
  tableName: 'lab_job',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string().index(),
    createdBy: p.uuid().nullable(),
    type: p.enum(LAB_JOB_TYPES),
    status: p.enum(LAB_JOB_STATUSES).default('queued'),
    payload: p.json<Record<string, unknown>>(),
    result: p.json<unknown>().nullable(),
    error: p.text().nullable(),
    attempts: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class LabJob extends LabJobSchema.class {}
LabJobSchema.setClass(LabJob);

export { LabJobSchema };
