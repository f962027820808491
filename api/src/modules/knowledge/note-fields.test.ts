import { createNoteRequestSchema, factSchema, noteSchema } from '@annie/contracts/knowledge';
import { addKnowledgeNoteParams } from '@annie/contracts/voice-tools';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createPool } from '../../db/pool.ts';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import { toDto, wireFieldsOf } from '../../db/wire-fields.ts';
import { factFields, noteFields } from './knowledge.dto.ts';
import { listJsonSql } from './knowledge.queries.ts';
import type { KnowledgeNote } from './note.entity.ts';

// A field added to a note: the note request gains `pinned` here (every importer of the contract, the
// model-facing tool registry included, sees the extended request), and the test extends the field map.
vi.mock('@annie/contracts/knowledge', async (importOriginal) => {
  const real = await importOriginal<typeof import('@annie/contracts/knowledge')>();
  const { z: zod } = await import('zod');
  return { ...real, createNoteRequestSchema: real.createNoteRequestSchema.extend({ pinned: zod.boolean() }) };
});

type PinnedNote = KnowledgeNote & { pinned: boolean };
const pinned = wireFieldsOf<PinnedNote>();
const pinnedNoteFields = { ...noteFields, pinned: pinned.plain('pinned') };
const pinnedNoteSchema = noteSchema.extend({ pinned: z.boolean() });

const TENANT = 'note-fields';
const database = await createTestDatabase();
const pool = createPool(database.url, { max: 2 });
afterAll(async () => {
  await pool.end();
  await database.drop();
});

describe('the wire field maps', () => {
  it('have exactly the keys of their contract shapes', () => {
    expect(Object.keys(noteFields).sort()).toEqual(Object.keys(noteSchema.shape).sort());
    expect(Object.keys(factFields).sort()).toEqual(Object.keys(factSchema.shape).sort());
  });
});

describe('a field added to the note map', () => {
  it('is in the list row built in SQL', async () => {
    await pool.query('alter table knowledge_note add column pinned boolean not null default false');
    await pool.query("insert into tenant (id, name, created_at) values ($1, 'Note fields', now())", [TENANT]);
    await pool.query(
      `insert into knowledge_note (id, tenant_id, title, body, pinned)
       values ('0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77', $1, 'Board meeting', 'Quarterly review', true)`,
      [TENANT],
    );
    const list = async (fields: Parameters<typeof listJsonSql>[1]) => {
      const sql = tenantSql(listJsonSql('knowledge_note', fields));
      const rows = await runScoped<{ body: string }>(pool, { tenantId: TENANT }, sql, [null, 0]);
      return JSON.parse(rows[0]?.body ?? '[]') as unknown[];
    };
    const [row] = z.array(pinnedNoteSchema).parse(await list(pinnedNoteFields));
    expect(row).toMatchObject({ title: 'Board meeting', tags: [], pinned: true });
    // The map as it is builds the contract's note, nothing more.
    expect(z.array(noteSchema).parse(await list(noteFields))).toEqual([
      Object.fromEntries(Object.entries(row ?? {}).filter(([name]) => name !== 'pinned')),
    ]);
  });

  it('is in the DTO mapped from an entity', () => {
    const at = new Date('2026-01-05T15:04:00.000Z');
    const entity = {
      ...{ id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77', tenantId: TENANT, title: 'Board meeting' },
      ...{ body: 'Quarterly review', tags: ['finance'], source: 'other', shareable: false },
      ...{ createdAt: at, updatedAt: at, pinned: true },
    } as PinnedNote;
    expect(pinnedNoteSchema.parse(toDto(pinnedNoteFields, entity))).toMatchObject({
      tags: ['finance'],
      createdAt: at.toISOString(),
      pinned: true,
    });
  });

  it('is not offered to the model by add_knowledge_note', () => {
    // The request really has the field (the mock took effect) …
    expect(Object.keys(createNoteRequestSchema.shape)).toContain('pinned');
    // … and the tool's allow-list leaves it out; a call that names it is refused.
    expect(Object.keys(addKnowledgeNoteParams.shape).sort()).toEqual(['body', 'source', 'tags', 'title']);
    expect(addKnowledgeNoteParams.safeParse({ title: 't', body: 'b', pinned: true }).success).toBe(false);
  });
});
