import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';

// Every knowledge endpoint, called by tenant B on tenant A's rows: B sees nothing and changes nothing,
// and claiming A's tenant in X-Tenant-Id is refused outright.
const app = await startTestApp();
const A = 'tenant-a';
const B = 'tenant-b';
const claimA = { headers: { 'X-Tenant-Id': A } };
let alice: TestClient;
let bob: TestClient;
let bobAdmin: TestClient;
let aliceFact: { id: string; key: string };
let aliceNote: { id: string };

beforeAll(async () => {
  alice = await app.signedIn(await app.createUser({ tenantId: A }));
  bob = await app.signedIn(await app.createUser({ tenantId: B }));
  bobAdmin = await app.signedIn(await app.createUser({ tenantId: B, isAdmin: true }));
  aliceFact = (await alice.post('/api/knowledge/facts', { key: 'secret_budget', value: 900 })).body;
  aliceNote = (
    await alice.post('/api/knowledge/notes', { title: 'Secret merger', body: 'Confidential budget talks' })
  ).body;
});

async function aliceFactState() {
  const facts = (await alice.get('/api/knowledge/facts')).body as {
    id: string;
    value: unknown;
    version: number;
  }[];
  return facts.find((fact) => fact.id === aliceFact.id);
}

describe('knowledge tenant isolation', () => {
  it('GET /facts lists only the caller tenant', async () => {
    expect((await bob.get('/api/knowledge/facts')).body).toEqual([]);
    expect((await bob.get('/api/knowledge/facts', claimA)).status).toBe(403);
  });

  it('POST /facts with the same key creates a separate fact in the caller tenant', async () => {
    const created = await bob.post('/api/knowledge/facts', { key: aliceFact.key, value: 1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1 });
    expect(created.body.id).not.toBe(aliceFact.id);
    expect(await aliceFactState()).toMatchObject({ value: 900, version: 1 });
    expect((await bob.post('/api/knowledge/facts', { key: 'x', value: 1 }, claimA)).status).toBe(403);
    await bob.delete(`/api/knowledge/facts/${created.body.id}`);
  });

  it('PATCH /facts/:id is a 404 for another tenant fact', async () => {
    expect((await bob.patch(`/api/knowledge/facts/${aliceFact.id}`, { value: 0 })).status).toBe(404);
    expect((await bob.patch(`/api/knowledge/facts/${aliceFact.id}`, { value: 0 }, claimA)).status).toBe(403);
    expect(await aliceFactState()).toMatchObject({ value: 900, version: 1 });
  });

  it('GET /facts/:key/versions is a 404 for another tenant key', async () => {
    expect((await bob.get(`/api/knowledge/facts/${aliceFact.key}/versions`)).status).toBe(404);
    expect((await bob.get(`/api/knowledge/facts/${aliceFact.key}/versions`, claimA)).status).toBe(403);
  });

  it('POST /facts/:id/approve is a 404 for another tenant admin', async () => {
    expect((await bobAdmin.post(`/api/knowledge/facts/${aliceFact.id}/approve`)).status).toBe(404);
    expect(
      (await bobAdmin.post(`/api/knowledge/facts/${aliceFact.id}/approve`, undefined, claimA)).status,
    ).toBe(403);
    expect(await aliceFactState()).toMatchObject({ approvedAt: null });
  });

  it('DELETE /facts/:id is a 404 for another tenant fact', async () => {
    expect((await bob.delete(`/api/knowledge/facts/${aliceFact.id}`)).status).toBe(404);
    expect((await bob.delete(`/api/knowledge/facts/${aliceFact.id}`, claimA)).status).toBe(403);
    expect(await aliceFactState()).toBeDefined();
  });

  it('GET /notes lists only the caller tenant', async () => {
    expect((await bob.get('/api/knowledge/notes')).body).toEqual([]);
    expect((await bob.get('/api/knowledge/notes', claimA)).status).toBe(403);
  });

  it('POST /notes stores in the caller tenant only', async () => {
    const created = await bob.post('/api/knowledge/notes', { title: 'Bob', body: 'mine' });
    expect(created.status).toBe(201);
    const aliceTitles = (await alice.get('/api/knowledge/notes')).body.map(
      (note: { title: string }) => note.title,
    );
    expect(aliceTitles).toEqual(['Secret merger']);
    expect((await bob.post('/api/knowledge/notes', { title: 't', body: 'b' }, claimA)).status).toBe(403);
    await bob.delete(`/api/knowledge/notes/${created.body.id}`);
  });

  it('PATCH /notes/:id is a 404 for another tenant note', async () => {
    expect((await bob.patch(`/api/knowledge/notes/${aliceNote.id}`, { title: 'pwned' })).status).toBe(404);
    expect((await bob.patch(`/api/knowledge/notes/${aliceNote.id}`, { title: 'pwned' }, claimA)).status).toBe(
      403,
    );
    expect((await alice.get('/api/knowledge/notes')).body[0].title).toBe('Secret merger');
  });

  it('DELETE /notes/:id is a 404 for another tenant note', async () => {
    expect((await bob.delete(`/api/knowledge/notes/${aliceNote.id}`)).status).toBe(404);
    expect((await bob.delete(`/api/knowledge/notes/${aliceNote.id}`, claimA)).status).toBe(403);
    expect((await alice.get('/api/knowledge/notes')).body).toHaveLength(1);
  });

  it('GET /search finds nothing of another tenant, by full text or substring', async () => {
    expect((await bob.get('/api/knowledge/search?q=secret%20budget')).body).toEqual({ results: [] });
    expect((await bob.get('/api/knowledge/search?q=se')).body).toEqual({ results: [] });
    expect((await bob.get('/api/knowledge/search?q=secret', claimA)).status).toBe(403);
    expect((await alice.get('/api/knowledge/search?q=secret%20budget')).body.results).toHaveLength(2);
  });
});
