import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

// Every profile endpoint, called by tenant B's admin on tenant A's rows: B sees nothing and changes
// nothing, and claiming A's tenant in X-Tenant-Id is refused outright.
// The realtime fake is configured, so a test call on another tenant's profile could really start.
const realtime = await startOpenAIRealtimeFake({ apiKey: 'sk-tenancy' });
const caFile = join(tmpdir(), `voice-tenancy-ca-${process.pid}.pem`);
await writeFile(caFile, realtime.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-tenancy',
  OPENAI_BASE_URL: realtime.baseURL,
  OPENAI_REALTIME_CA_FILE: caFile,
});
afterAll(() => realtime.close());
const claimA = { headers: { 'X-Tenant-Id': 'voice-a' } };
let alice: TestClient;
let bob: TestClient;
let aliceProfile: { id: string; name: string };

beforeAll(async () => {
  alice = await app.signedIn(await app.createUser({ tenantId: 'voice-a', isAdmin: true }));
  bob = await app.signedIn(await app.createUser({ tenantId: 'voice-b', isAdmin: true }));
  aliceProfile = (await alice.post('/api/voice/profiles', { name: 'Alice private', description: 'secret' }))
    .body;
});

const aliceState = async () =>
  ((await alice.get('/api/voice/profiles')).body as { id: string; name: string; isDefault: boolean }[]).find(
    (profile) => profile.id === aliceProfile.id,
  );

describe('voice profile tenant isolation', () => {
  it('GET lists only the caller tenant (its own system profile included)', async () => {
    const list = (await bob.get('/api/voice/profiles')).body as { name: string; instructions: string }[];
    expect(list.map((profile) => profile.name)).toEqual(['AnnieAI']);
    expect((await bob.get('/api/voice/profiles', claimA)).status).toBe(403);
  });

  it('POST creates in the caller tenant; claiming another is refused', async () => {
    expect((await bob.post('/api/voice/profiles', { name: 'x' }, claimA)).status).toBe(403);
    const created = await bob.post('/api/voice/profiles', { name: 'Bob own' });
    expect(created.status).toBe(201);
    expect((await aliceState())?.isDefault).toBe(true);
  });

  it('PATCH, DELETE, make-default, export, versions, restore and test are 404 on another tenant profile', async () => {
    const id = aliceProfile.id;
    const calls = [
      bob.patch(`/api/voice/profiles/${id}`, { name: 'stolen' }),
      bob.delete(`/api/voice/profiles/${id}`),
      bob.post(`/api/voice/profiles/${id}/make-default`),
      bob.get(`/api/voice/profiles/${id}/export`),
      bob.get(`/api/voice/profiles/${id}/versions`),
      bob.post(`/api/voice/profiles/${id}/versions/1/restore`),
      bob.post(`/api/voice/profiles/${id}/test`),
    ];
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual(calls.map(() => 404));
    expect((await bob.patch(`/api/voice/profiles/${id}`, { name: 'stolen' }, claimA)).status).toBe(403);
    expect(await aliceState()).toMatchObject({ name: 'Alice private', isDefault: true });
    const tickets = await app.pool.query('select 1 from voice_test_ticket');
    expect(tickets.rowCount).toBe(0);
  });

  it("Test on the caller's own profile does start (so the 404 above is the tenant check)", async () => {
    const own = (await bob.post('/api/voice/profiles', { name: 'Bob test' })).body;
    expect((await bob.post(`/api/voice/profiles/${own.id}/test`)).status).toBe(200);
  });

  it('import lands in the caller tenant only', async () => {
    const imported = await bob.post('/api/voice/profiles/import', { name: 'Imported by Bob' });
    expect(imported.status).toBe(201);
    const names = ((await alice.get('/api/voice/profiles')).body as { name: string }[]).map((p) => p.name);
    expect(names).not.toContain('Imported by Bob');
  });

  it('PUT /api/annie/config changes only the caller tenant system profile', async () => {
    expect((await bob.put('/api/annie/config', { instructions: 'You are Bob.' })).status).toBe(200);
    const aliceSystem = (await alice.get('/api/voice/profiles')).body[0];
    expect(aliceSystem.instructions).not.toBe('You are Bob.');
  });

  it('GET /api/ai/session-config compiles the caller tenant default profile', async () => {
    const forAlice = (await alice.get('/api/ai/session-config')).body;
    const forBob = (await bob.get('/api/ai/session-config')).body;
    expect(forAlice.systemPrompt).toContain('secret');
    expect(forBob.systemPrompt).not.toContain('secret');
    expect(forBob.systemPrompt.startsWith('You are Bob.')).toBe(true);
  });
});
