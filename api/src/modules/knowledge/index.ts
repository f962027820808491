// Knowledge: versioned facts, notes, and the full-text search SMS drafts and calls use.
export { createFact } from './fact.service.ts';
export { knowledgeDomain } from './knowledge.domain.ts';
export { searchKnowledge } from './knowledge-search.ts';
export { KnowledgeNote } from './note.entity.ts';
export { createNote } from './note.service.ts';
