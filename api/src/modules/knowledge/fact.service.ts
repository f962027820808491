import type { CreateFactRequest, UpdateFactRequest } from '@annie/contracts/knowledge';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { KnowledgeFact } from './fact.entity.ts';
import { KnowledgeFactVersion } from './fact-version.entity.ts';

export type FactWrite = { fact: KnowledgeFact; created: boolean };

const FACT_NOT_FOUND = 'Fact not found';

/**
 * Adds a fact, or (for a key the tenant already has) its next version when the value or unit differ.
 * `created` is false when nothing new was stored.
 */
export async function createFact(
  em: EntityManager,
  tenantId: string,
  input: CreateFactRequest,
): Promise<FactWrite> {
  const valueText = JSON.stringify(input.value);
  const unit = normaliseUnit(input.unit);
  const existing = await em.findOne(KnowledgeFact, { key: input.key });
  if (existing) {
    if (input.source) existing.source = input.source;
    if (input.shareable !== undefined) existing.shareable = input.shareable;
    const created = addVersionIfChanged(em, existing, valueText, unit);
    await flushWrite(em);
    return { fact: existing, created };
  }
  const fact = em.create(KnowledgeFact, {
    tenantId,
    key: input.key,
    valueText,
    unit,
    version: 1,
    source: input.source ?? 'other',
    shareable: input.shareable ?? false,
  });
  recordVersion(em, fact);
  await flushWrite(em);
  return { fact, created: true };
}

/** Changes a fact; a different value or unit becomes version n+1 (earlier versions are kept). */
export async function updateFact(
  em: EntityManager,
  id: string,
  input: UpdateFactRequest,
): Promise<KnowledgeFact> {
  const fact = await em.findOne(KnowledgeFact, { id });
  if (!fact) throw notFound(FACT_NOT_FOUND);
  if (input.source) fact.source = input.source;
  if (input.shareable !== undefined) fact.shareable = input.shareable;
  const valueText = input.value === undefined ? fact.valueText : JSON.stringify(input.value);
  const unit = input.unit === undefined ? (fact.unit ?? null) : normaliseUnit(input.unit);
  addVersionIfChanged(em, fact, valueText, unit);
  await flushWrite(em);
  return fact;
}

/** Marks the fact's current version approved (admins only; the route enforces that). */
export async function approveFact(em: EntityManager, id: string): Promise<KnowledgeFact> {
  const fact = await em.findOne(KnowledgeFact, { id });
  if (!fact) throw notFound(FACT_NOT_FOUND);
  if (!fact.approvedAt) {
    const approvedAt = new Date();
    fact.approvedAt = approvedAt;
    const current = await em.findOne(KnowledgeFactVersion, { fact, version: fact.version });
    if (current) current.approvedAt = approvedAt;
    await em.flush();
  }
  return fact;
}

/** Deletes a fact with all of its versions. */
export async function deleteFact(em: EntityManager, id: string): Promise<void> {
  const deleted = await em.nativeDelete(KnowledgeFact, { id });
  if (deleted === 0) throw notFound(FACT_NOT_FOUND);
}

function addVersionIfChanged(
  em: EntityManager,
  fact: KnowledgeFact,
  valueText: string,
  unit: string | null,
): boolean {
  if (valueText === fact.valueText && unit === (fact.unit ?? null)) return false;
  fact.valueText = valueText;
  fact.unit = unit;
  fact.version += 1;
  fact.createdAt = new Date();
  // An approval covers the version that was reviewed, not its successor.
  fact.approvedAt = null;
  recordVersion(em, fact);
  return true;
}

function recordVersion(em: EntityManager, fact: KnowledgeFact): void {
  em.create(KnowledgeFactVersion, {
    fact,
    tenantId: fact.tenantId,
    version: fact.version,
    valueText: fact.valueText,
    unit: fact.unit ?? null,
    createdAt: fact.createdAt,
  });
}

async function flushWrite(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    // Two writers on one key or one version: the unique indexes let exactly one of them win.
    if (error instanceof UniqueConstraintViolationException) {
      throw conflict('This fact was changed at the same time; reload and try again');
    }
    throw error;
  }
}

function normaliseUnit(unit: string | null | undefined): string | null {
  return unit ? unit : null;
}
