import type { EntityManager } from '@mikro-orm/postgresql';
import { createFact, createNote, KnowledgeNote } from '../../modules/knowledge/index.ts';
import { SEED_FACTS, SEED_NOTES } from './seed-data.ts';

/** The sample facts (a key the tenant has keeps its value: createFact only versions a change) and notes. */
export async function seedKnowledge(em: EntityManager, tenantId: string): Promise<number> {
  let added = 0;
  for (const fact of SEED_FACTS) {
    // An existing key is left as the user may have edited it.
    if ((await createFact(em, tenantId, fact)).created) added += 1;
  }
  for (const note of SEED_NOTES) {
    if (await em.findOne(KnowledgeNote, { title: note.title })) continue;
    await createNote(em, tenantId, note);
    added += 1;
  }
  return added;
}
