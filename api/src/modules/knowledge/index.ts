// Knowledge: versioned facts, notes, and the full-text search SMS drafts and calls use.
export { createFact } from './fact.service.ts';
export { knowledgeModule } from './knowledge.module.ts';
export { searchKnowledge } from './knowledge-search.ts';
export { KnowledgeNote } from './note.entity.ts';
export { createNote } from './note.service.ts';
