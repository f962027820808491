import { noteSchema } from '@annie/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../../test/test-app.ts';

const app = await startTestApp();
const user = await app.signedIn(await app.createUser());
const notes = z.array(noteSchema);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('POST /api/knowledge/notes', () => {
  it('creates a note with trimmed tags and the default source, and lists it', async () => {
    const created = await user.post('/api/knowledge/notes', {
      title: 'Board meeting',
      body: 'Quarterly review on Friday.\nBring the numbers.',
      tags: [' board ', 'finance'],
    });
    expect(created.status).toBe(201);
    expect(noteSchema.parse(created.body)).toMatchObject({
      title: 'Board meeting',
      body: 'Quarterly review on Friday.\nBring the numbers.',
      tags: ['board', 'finance'],
      source: 'other',
    });
    const list = notes.parse((await user.get('/api/knowledge/notes')).body);
    expect(list[0]).toEqual(created.body);
  });

  it('defaults tags to an empty list and accepts a source', async () => {
    const created = await user.post('/api/knowledge/notes', { title: 't', body: 'b', source: 'auwagenics' });
    expect(created.body).toMatchObject({ tags: [], source: 'auwagenics' });
  });

  it('names the missing field', async () => {
    const noTitle = await user.post('/api/knowledge/notes', { body: 'b' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('Title is required');
    const noBody = await user.post('/api/knowledge/notes', { title: 't', body: '  ' });
    expect(noBody.body.message).toBe('Body is required');
    const badTags = await user.post('/api/knowledge/notes', { title: 't', body: 'b', tags: 'a,b' });
    expect(badTags.status).toBe(400);
    expect(badTags.body.message).toBe('Tags must be a list of text');
  });
});

describe('GET /api/knowledge/notes', () => {
  it('lists newest first and pages with limit and offset', async () => {
    const other = await app.signedIn(await app.createUser({ tenantId: 'notes-list' }));
    await other.post('/api/knowledge/notes', { title: 'older', body: 'x' });
    await other.post('/api/knowledge/notes', { title: 'newer', body: 'y' });
    const all = notes.parse((await other.get('/api/knowledge/notes')).body);
    expect(all.map((note) => note.title)).toEqual(['newer', 'older']);
    const page = await other.get('/api/knowledge/notes?limit=1&offset=1');
    expect(page.body.map((note: { title: string }) => note.title)).toEqual(['older']);
  });

  it('requires a session', async () => {
    expect((await app.client().get('/api/knowledge/notes')).status).toBe(401);
  });
});

describe('PATCH /api/knowledge/notes/:id', () => {
  it('changes only the given fields and moves updatedAt', async () => {
    const created = await user.post('/api/knowledge/notes', { title: 'Draft', body: 'text', tags: ['a'] });
    const edited = await user.patch(`/api/knowledge/notes/${created.body.id}`, { title: 'Final', tags: [] });
    expect(edited.status).toBe(200);
    expect(noteSchema.parse(edited.body)).toMatchObject({ title: 'Final', body: 'text', tags: [] });
    expect(edited.body.createdAt).toBe(created.body.createdAt);
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
  });

  it('validates fields and answers 404 for unknown notes', async () => {
    const created = await user.post('/api/knowledge/notes', { title: 'x', body: 'y' });
    const blank = await user.patch(`/api/knowledge/notes/${created.body.id}`, { title: '' });
    expect(blank.body.message).toBe('Title is required');
    expect((await user.patch(`/api/knowledge/notes/${created.body.id}`, {})).status).toBe(400);
    expect((await user.patch(`/api/knowledge/notes/${MISSING_ID}`, { title: 'z' })).status).toBe(404);
  });
});

describe('DELETE /api/knowledge/notes/:id', () => {
  it('deletes the note once', async () => {
    const created = await user.post('/api/knowledge/notes', { title: 'temp', body: 'gone soon' });
    expect((await user.delete(`/api/knowledge/notes/${created.body.id}`)).status).toBe(204);
    const list = notes.parse((await user.get('/api/knowledge/notes')).body);
    expect(list.some((note) => note.id === created.body.id)).toBe(false);
    expect((await user.delete(`/api/knowledge/notes/${created.body.id}`)).status).toBe(404);
    expect((await user.delete('/api/knowledge/notes/nope')).status).toBe(404);
  });
});
