import { factSchema, factVersionSchema } from '@annie/contracts/knowledge';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../../test/test-app.ts';
import { KnowledgeFact } from './fact.entity.ts';
import { updateFact } from './fact.service.ts';

const app = await startTestApp();
const user = await app.signedIn(await app.createUser());
const admin = await app.signedIn(await app.createUser({ isAdmin: true }));

const facts = z.array(factSchema);
const versions = z.array(factVersionSchema);

let keyCounter = 0;
const uniqueKey = (label: string) => `${label}_${++keyCounter}`;

describe('POST /api/knowledge/facts', () => {
  it.each([
    ['a number', 1234.5],
    ['a string', 'Jane Doe'],
    ['true', true],
    ['false', false],
    ['JSON null', null],
    ['an empty string', ''],
    ['an array', [1, 'two', { three: [null, false] }]],
    ['an object with its key order', { zeta: 1, alpha: { nested: ['x'] }, beta: null }],
  ])('stores %s and returns it exactly, on create and in the list', async (_label, value) => {
    const key = uniqueKey('value');
    const created = await user.post('/api/knowledge/facts', { key, value });
    expect(created.status).toBe(201);
    expect(factSchema.parse(created.body)).toMatchObject({ key, version: 1, unit: null, approvedAt: null });
    expect(JSON.stringify(created.body.value)).toBe(JSON.stringify(value));

    const list = await user.get('/api/knowledge/facts');
    const listed = facts.parse(list.body).find((fact) => fact.key === key);
    expect(JSON.stringify(listed?.value)).toBe(JSON.stringify(value));
    expect('value' in (listed ?? {})).toBe(true);
  });

  it('stores the unit, defaults the source to other and accepts a given source', async () => {
    const plain = await user.post('/api/knowledge/facts', { key: uniqueKey('unit'), value: 42, unit: 'kg' });
    expect(plain.body).toMatchObject({ unit: 'kg', source: 'other' });
    const sourced = await user.post('/api/knowledge/facts', {
      key: uniqueKey('src'),
      value: 1,
      source: 'natural_house',
    });
    expect(sourced.body.source).toBe('natural_house');
  });

  it('names the missing field: key, then value (null is a value, missing is not)', async () => {
    const noKey = await user.post('/api/knowledge/facts', { value: 1 });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ code: 'validation_failed', message: 'Key is required' });
    const blankKey = await user.post('/api/knowledge/facts', { key: '   ', value: 1 });
    expect(blankKey.body.message).toBe('Key is required');
    const noValue = await user.post('/api/knowledge/facts', { key: uniqueKey('novalue') });
    expect(noValue.status).toBe(400);
    expect(noValue.body.message).toBe('Value is required');
    expect(noValue.body.issues).toEqual([{ path: 'value', message: 'Value is required' }]);
  });

  it('refuses an unknown source and unknown fields', async () => {
    const badSource = await user.post('/api/knowledge/facts', {
      key: uniqueKey('s'),
      value: 1,
      source: 'web',
    });
    expect(badSource.status).toBe(400);
    expect(badSource.body.message).toMatch(/Source must be one of/);
    const extra = await user.post('/api/knowledge/facts', { key: uniqueKey('x'), value: 1, version: 9 });
    expect(extra.status).toBe(400);
  });

  it('turns a second create with the same key into version 2, and a repeat of the same value into no change', async () => {
    const key = uniqueKey('repeat');
    await user.post('/api/knowledge/facts', { key, value: 'first' });
    const second = await user.post('/api/knowledge/facts', { key, value: 'second' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ key, value: 'second', version: 2 });
    const same = await user.post('/api/knowledge/facts', { key, value: 'second' });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(2);
    const list = facts.parse((await user.get('/api/knowledge/facts')).body);
    expect(list.filter((fact) => fact.key === key)).toHaveLength(1);
  });
});

describe('GET /api/knowledge/facts', () => {
  it('lists the latest version per key, newest first, and pages with limit and offset', async () => {
    const other = await app.signedIn(await app.createUser({ tenantId: 'list-tenant' }));
    const a = await other.post('/api/knowledge/facts', { key: 'a', value: 1 });
    await other.post('/api/knowledge/facts', { key: 'b', value: 2 });
    await other.patch(`/api/knowledge/facts/${a.body.id}`, { value: 10 });
    const all = facts.parse((await other.get('/api/knowledge/facts')).body);
    expect(all.map((fact) => [fact.key, fact.value, fact.version])).toEqual([
      ['a', 10, 2],
      ['b', 2, 1],
    ]);
    const page = await other.get('/api/knowledge/facts?limit=1&offset=1');
    expect(page.body.map((fact: { key: string }) => fact.key)).toEqual(['b']);
    expect((await other.get('/api/knowledge/facts?limit=0')).status).toBe(400);
    expect((await other.get('/api/knowledge/facts?page=2')).status).toBe(400);
  });

  it('requires a session', async () => {
    expect((await app.client().get('/api/knowledge/facts')).status).toBe(401);
  });
});

describe('PATCH /api/knowledge/facts/:id and versions', () => {
  it('creates version n+1 for a new value or unit and keeps earlier versions viewable', async () => {
    const key = uniqueKey('revenue');
    const created = await user.post('/api/knowledge/facts', { key, value: 100, unit: 'USD' });
    const v2 = await user.patch(`/api/knowledge/facts/${created.body.id}`, { value: { q1: 120 } });
    expect(v2.status).toBe(200);
    expect(factSchema.parse(v2.body)).toMatchObject({
      id: created.body.id,
      version: 2,
      value: { q1: 120 },
      unit: 'USD',
    });
    const v3 = await user.patch(`/api/knowledge/facts/${created.body.id}`, { unit: null });
    expect(v3.body).toMatchObject({ version: 3, unit: null });
    const v4 = await user.patch(`/api/knowledge/facts/${created.body.id}`, { value: null });
    expect(v4.body).toMatchObject({ version: 4, value: null });

    const history = await user.get(`/api/knowledge/facts/${encodeURIComponent(key)}/versions`);
    expect(history.status).toBe(200);
    expect(
      versions.parse(history.body).map((version) => [version.version, version.value, version.unit]),
    ).toEqual([
      [4, null, null],
      [3, { q1: 120 }, null],
      [2, { q1: 120 }, 'USD'],
      [1, 100, 'USD'],
    ]);
  });

  it('does not create a version when only the source changes or nothing differs', async () => {
    const created = await user.post('/api/knowledge/facts', { key: uniqueKey('stable'), value: [1, 2] });
    const sourced = await user.patch(`/api/knowledge/facts/${created.body.id}`, { source: 'auwagenics' });
    expect(sourced.body).toMatchObject({ version: 1, source: 'auwagenics' });
    const same = await user.patch(`/api/knowledge/facts/${created.body.id}`, { value: [1, 2], unit: '' });
    expect(same.body.version).toBe(1);
  });

  it('finds versions of keys with spaces, slashes and unicode', async () => {
    const key = 'Q3 / revenue – Café';
    await user.post('/api/knowledge/facts', { key, value: 'x' });
    const history = await user.get(`/api/knowledge/facts/${encodeURIComponent(key)}/versions`);
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ key, version: 1 });
  });

  it('answers 404 for an unknown fact and 400 for an empty change', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await user.patch(`/api/knowledge/facts/${missing}`, { value: 1 })).status).toBe(404);
    expect((await user.patch('/api/knowledge/facts/not-a-uuid', { value: 1 })).status).toBe(404);
    expect((await user.get('/api/knowledge/facts/no-such-key/versions')).status).toBe(404);
    const created = await user.post('/api/knowledge/facts', { key: uniqueKey('empty'), value: 1 });
    const empty = await user.patch(`/api/knowledge/facts/${created.body.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Provide a value, unit, source or shareable to change');
    expect((await user.patch(`/api/knowledge/facts/${created.body.id}`, { key: 'renamed' })).status).toBe(
      400,
    );
  });

  it('refuses an edit made from a stale read with 409, leaving one version n+1', async () => {
    const created = await user.post('/api/knowledge/facts', { key: uniqueKey('race'), value: 0 });
    // The second writer read version 1 before the first one stored version 2.
    const stale = app.orm.em.fork();
    stale.setFilterParams('tenant', { tenantId: 'default' });
    await stale.findOne(KnowledgeFact, { id: created.body.id });
    const fresh = app.orm.em.fork();
    fresh.setFilterParams('tenant', { tenantId: 'default' });
    await updateFact(fresh, created.body.id, { value: 'first writer' });
    await expect(updateFact(stale, created.body.id, { value: 'second writer' })).rejects.toMatchObject({
      status: 409,
    });
    const history = await user.get(`/api/knowledge/facts/${encodeURIComponent(created.body.key)}/versions`);
    expect(
      history.body.map((version: { version: number; value: string }) => [version.version, version.value]),
    ).toEqual([
      [2, 'first writer'],
      [1, 0],
    ]);
  });
});

describe('POST /api/knowledge/facts/:id/approve', () => {
  it('lets an admin approve the current version; a new version needs approval again', async () => {
    const key = uniqueKey('approve');
    const created = await user.post('/api/knowledge/facts', { key, value: 'draft' });
    const approved = await admin.post(`/api/knowledge/facts/${created.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(factSchema.parse(approved.body).approvedAt).not.toBeNull();
    const again = await admin.post(`/api/knowledge/facts/${created.body.id}/approve`);
    expect(again.body.approvedAt).toBe(approved.body.approvedAt);

    const edited = await user.patch(`/api/knowledge/facts/${created.body.id}`, { value: 'final' });
    expect(edited.body).toMatchObject({ version: 2, approvedAt: null });
    const history = await user.get(`/api/knowledge/facts/${key}/versions`);
    expect(history.body.map((version: { approvedAt: string | null }) => version.approvedAt)).toEqual([
      null,
      approved.body.approvedAt,
    ]);
  });

  it('is forbidden to a regular user', async () => {
    const created = await user.post('/api/knowledge/facts', { key: uniqueKey('noapprove'), value: 1 });
    const denied = await user.post(`/api/knowledge/facts/${created.body.id}/approve`);
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'forbidden' });
    const list = facts.parse((await user.get('/api/knowledge/facts')).body);
    expect(list.find((fact) => fact.id === created.body.id)?.approvedAt).toBeNull();
  });

  it('answers 404 for an unknown fact', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/knowledge/facts/${missing}/approve`)).status).toBe(404);
  });
});

describe('DELETE /api/knowledge/facts/:id', () => {
  it('deletes the fact with all its versions', async () => {
    const key = uniqueKey('gone');
    const created = await user.post('/api/knowledge/facts', { key, value: 1 });
    await user.patch(`/api/knowledge/facts/${created.body.id}`, { value: 2 });
    expect((await user.delete(`/api/knowledge/facts/${created.body.id}`)).status).toBe(204);
    expect((await user.get(`/api/knowledge/facts/${key}/versions`)).status).toBe(404);
    const { rows } = await app.pool.query(
      'select count(*)::int as n from knowledge_fact_version where fact_id = $1',
      [created.body.id],
    );
    expect(rows[0].n).toBe(0);
    expect((await user.delete(`/api/knowledge/facts/${created.body.id}`)).status).toBe(404);
  });
});

describe('shareable facts and notes', () => {
  it('are private by default; marking one shareable shows in the list and makes no new version', async () => {
    const key = uniqueKey('office_hours');
    const created = factSchema.parse(
      (await user.post('/api/knowledge/facts', { key, value: '9 to 5' })).body,
    );
    expect(created.shareable).toBe(false);
    const patched = await user.patch(`/api/knowledge/facts/${created.id}`, { shareable: true });
    expect(factSchema.parse(patched.body)).toMatchObject({ shareable: true, version: 1 });
    const listed = facts
      .parse((await user.get('/api/knowledge/facts')).body)
      .find((fact) => fact.key === key);
    expect(listed?.shareable).toBe(true);
    const note = await user.post('/api/knowledge/notes', { title: 'Hours', body: 'Open 9 to 5' });
    expect(note.body.shareable).toBe(false);
    const shared = await user.patch(`/api/knowledge/notes/${note.body.id}`, { shareable: true });
    expect(shared.body.shareable).toBe(true);
    expect((await user.patch(`/api/knowledge/notes/${note.body.id}`, { shareable: 'yes' })).status).toBe(400);
  });
});
