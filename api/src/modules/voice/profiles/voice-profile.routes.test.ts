import {
  SYSTEM_PROFILE_ID,
  VOICE_PROFILE_DEFAULTS,
  voiceProfileSchema,
  voiceProfileVersionSchema,
} from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp } from '../../../../test/test-app.ts';

const app = await startTestApp();
const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'profiles' }));
const profiles = z.array(voiceProfileSchema);
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

const list = async () => profiles.parse((await admin.get('/api/voice/profiles?agentId=default-agent')).body);
const create = async (body: Record<string, unknown>) => {
  const response = await admin.post('/api/voice/profiles', { agentId: 'default-agent', ...body });
  expect(response.status).toBe(201);
  return voiceProfileSchema.parse(response.body);
};

describe('GET /api/voice/profiles', () => {
  it('creates the system profile once when a tenant first loads the console several times at once', async () => {
    const fresh = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'profiles-race' }));
    const loads = await Promise.all([1, 2, 3, 4].map(() => fresh.get('/api/voice/profiles')));
    expect(loads.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const systemIds = loads.map((response) =>
      response.body.filter((p: { isSystemProfile: boolean }) => p.isSystemProfile),
    );
    expect(systemIds.every((system) => system.length === 1)).toBe(true);
  });

  it('always lists the system profile annieai-system first, with the persona', async () => {
    const [system] = await list();
    expect(system).toMatchObject({ id: SYSTEM_PROFILE_ID, isSystemProfile: true, name: 'AnnieAI' });
    expect(system?.instructions).toContain('executive assistant to one executive');
  });
});

describe('POST /api/voice/profiles', () => {
  it('fills every field the body leaves out with the default settings', async () => {
    const created = await create({ name: 'After hours', context: 'After-Hours' });
    const { name: _name, ...defaults } = VOICE_PROFILE_DEFAULTS;
    expect(created).toMatchObject({ ...defaults, name: 'After hours', context: 'After-Hours', version: 1 });
    expect((await list()).map((profile) => profile.id)).toContain(created.id);
  });

  it('merges a partial nested group with its defaults', async () => {
    const created = await create({ name: 'Brief', appPolicies: { brevity: 'long' }, prosody: { pace: 1.4 } });
    expect(created.appPolicies).toEqual({ ...VOICE_PROFILE_DEFAULTS.appPolicies, brevity: 'long' });
    expect(created.prosody).toEqual({ pace: 1.4, pitch: 1, emphasis: 'medium' });
  });

  it.each([
    [{ vadSilenceMs: 250 }, 'vadSilenceMs'],
    [{ vadThreshold: '1.5' }, 'vadThreshold'],
    [{ idleTimeoutMs: 25000 }, 'idleTimeoutMs'],
    [{ humanness: 12 }, 'humanness'],
    [{ prosody: { pitch: 3 } }, 'prosody.pitch'],
    [{ appPolicies: { maxClarifyingQuestions: 5 } }, 'appPolicies.maxClarifyingQuestions'],
    [{ voice: 'alloy' }, 'voice'],
  ])('answers 400 naming the field for %j', async (fields, path) => {
    const response = await admin.post('/api/voice/profiles', { name: 'Bad', ...fields });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(response.body.issues[0].path).toBe(path);
    expect(response.body.message.toLowerCase()).toContain(path.toLowerCase());
  });

  it('requires a name and refuses unknown fields', async () => {
    expect((await admin.post('/api/voice/profiles', {})).body.message).toBe('Profile name is required');
    expect((await admin.post('/api/voice/profiles', { name: 'x', tenantId: 'other' })).status).toBe(400);
  });
});

describe('exactly one default per agent and tenant', () => {
  it('a new agent gets its first profile as default; make-default switches it atomically', async () => {
    const first = await admin.post('/api/voice/profiles', { name: 'First', agentId: 'agent-b' });
    expect(first.body.isDefault).toBe(true);
    const second = await admin.post('/api/voice/profiles', { name: 'Second', agentId: 'agent-b' });
    expect(second.body.isDefault).toBe(false);
    const switched = await admin.post(`/api/voice/profiles/${second.body.id}/make-default`);
    expect(switched.status).toBe(200);
    expect(switched.body.isDefault).toBe(true);
    const agentB = profiles.parse((await admin.get('/api/voice/profiles?agentId=agent-b')).body);
    expect(agentB.filter((profile) => profile.isDefault).map((profile) => profile.name)).toEqual(['Second']);
  });

  it('holds under concurrent switches', async () => {
    const created = await Promise.all(
      ['c1', 'c2', 'c3', 'c4'].map((name) => admin.post('/api/voice/profiles', { name, agentId: 'agent-c' })),
    );
    const results = await Promise.all(
      created.map((response) => admin.post(`/api/voice/profiles/${response.body.id}/make-default`)),
    );
    expect(results.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const agentC = profiles.parse((await admin.get('/api/voice/profiles?agentId=agent-c')).body);
    expect(agentC.filter((profile) => profile.isDefault)).toHaveLength(1);
  });

  it('create with isDefault takes the default over; unsetting the default is refused; deleting it promotes another', async () => {
    const a = await admin.post('/api/voice/profiles', { name: 'A', agentId: 'agent-d' });
    const b = await admin.post('/api/voice/profiles', { name: 'B', agentId: 'agent-d', isDefault: true });
    expect(b.body.isDefault).toBe(true);
    const refused = await admin.patch(`/api/voice/profiles/${b.body.id}`, { isDefault: false });
    expect(refused.status).toBe(409);
    expect((await admin.delete(`/api/voice/profiles/${b.body.id}`)).status).toBe(204);
    const agentD = profiles.parse((await admin.get('/api/voice/profiles?agentId=agent-d')).body);
    expect(agentD.find((profile) => profile.id === a.body.id)?.isDefault).toBe(true);
  });
});

describe('PATCH and DELETE /api/voice/profiles/:id', () => {
  it('changes the given fields only, keeping nested groups', async () => {
    const created = await create({ name: 'Edit me', guardrails: { legal: true } });
    const edited = await admin.patch(`/api/voice/profiles/${created.id}`, {
      name: 'Edited',
      guardrails: { medicalDentalVet: true },
      appPolicies: { lexicalBans: [' Honestly ', ''] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Edited',
      version: 2,
      guardrails: { legal: true, medicalDentalVet: true, propertyManagement: false },
    });
    expect(edited.body.appPolicies.lexicalBans).toEqual(['Honestly']);
  });

  it('answers 404 for unknown or malformed ids, and refuses to edit or delete the system profile', async () => {
    expect((await admin.patch(`/api/voice/profiles/${MISSING_ID}`, { name: 'x' })).status).toBe(404);
    expect((await admin.patch('/api/voice/profiles/not-a-uuid', { name: 'x' })).status).toBe(404);
    expect((await admin.delete(`/api/voice/profiles/${MISSING_ID}`)).status).toBe(404);
    expect((await admin.patch(`/api/voice/profiles/${SYSTEM_PROFILE_ID}`, { name: 'x' })).status).toBe(400);
    expect((await admin.delete(`/api/voice/profiles/${SYSTEM_PROFILE_ID}`)).status).toBe(400);
  });
});

describe('versions', () => {
  it('keeps every save with who and when, and restores an earlier one as the newest', async () => {
    const created = await create({ name: 'V1', description: 'first' });
    await admin.patch(`/api/voice/profiles/${created.id}`, { name: 'V2', description: 'second' });
    const versions = z
      .array(voiceProfileVersionSchema)
      .parse((await admin.get(`/api/voice/profiles/${created.id}/versions`)).body);
    expect(versions.map((version) => [version.version, version.profile.name])).toEqual([
      [2, 'V2'],
      [1, 'V1'],
    ]);
    expect(versions[0]?.savedBy).toMatch(/^user/);
    const restored = await admin.post(`/api/voice/profiles/${created.id}/versions/1/restore`);
    expect(restored.body).toMatchObject({ name: 'V1', description: 'first', version: 3 });
    expect((await admin.post(`/api/voice/profiles/${created.id}/versions/9/restore`)).status).toBe(404);
  });

  it('makes no version for a save that changes nothing, nor for restoring the current state', async () => {
    const created = await create({ name: 'Same', description: 'kept' });
    const { id: _id, agentId: _a, isDefault: _d, isSystemProfile: _s, version: _v, ...fields } = created;
    const { createdAt: _c, updatedAt: _u, ...unchanged } = fields;
    const same = await admin.patch(`/api/voice/profiles/${created.id}`, unchanged);
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1);
    const trimmed = await admin.patch(`/api/voice/profiles/${created.id}`, { name: '  Same  ' });
    expect(trimmed.body.version).toBe(1);
    const changed = await admin.patch(`/api/voice/profiles/${created.id}`, { description: 'changed' });
    expect(changed.body.version).toBe(2);
    const restoredCurrent = await admin.post(`/api/voice/profiles/${created.id}/versions/2/restore`);
    expect(restoredCurrent.body.version).toBe(2);
    const versions = (await admin.get(`/api/voice/profiles/${created.id}/versions`)).body;
    expect(versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
  });

  it('makes no version when the system profile is saved unchanged', async () => {
    const before = (await list())[0];
    const answer = await admin.put('/api/annie/config', { name: before?.name });
    expect(answer.status).toBe(200);
    expect(answer.body.version).toBe(before?.version);
  });
});

describe('export and import', () => {
  it('exports {name}-export.json that imports back as an equal new profile', async () => {
    const created = await create({ name: 'Round trip', voice: 'marin', appPolicies: { mirroring: true } });
    const exported = await admin.get(`/api/voice/profiles/${created.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('filename="Round trip-export.json"');
    const file = JSON.parse(exported.text);
    const imported = await admin.post('/api/voice/profiles/import', file);
    expect(imported.status).toBe(201);
    const { id: _id, createdAt: _c, updatedAt: _u, isDefault: _d, ...original } = created;
    expect(imported.body).toMatchObject({ ...original, isDefault: false });
    expect(imported.body.id).not.toBe(created.id);
  });

  it('answers 400 with the reason for a malformed or invalid file', async () => {
    const malformed = await admin.request('POST', '/api/voice/profiles/import', { rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    const invalid = await admin.post('/api/voice/profiles/import', { name: 'x', voice: 'robot' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toContain('voice');
    expect((await admin.post('/api/voice/profiles/import', [1, 2])).status).toBe(400);
  });
});

describe('PUT /api/annie/config', () => {
  it('saves the system profile from the PUT /api/annie/config payload, vadSettings included', async () => {
    const response = await admin.put('/api/annie/config', {
      name: 'AnnieAI',
      instructions: 'You are James, at your service.',
      voice: 'marin',
      humanness: 5,
      stylePreset: 'calm',
      prosody: { pace: 1, pitch: 1, emphasis: 'low' },
      model: 'gpt-realtime',
      vadSettings: { silenceDurationMs: 900, threshold: '0.6', prefixPaddingMs: 200 },
      personalityTraits: ['dry'],
      appPolicies: { ...VOICE_PROFILE_DEFAULTS.appPolicies, brevity: 'medium' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: SYSTEM_PROFILE_ID,
      vadSilenceMs: 900,
      vadThreshold: '0.6',
      model: 'gpt-realtime',
    });
    const bad = await admin.put('/api/annie/config', {
      vadSettings: { silenceDurationMs: 10, threshold: '0.5', prefixPaddingMs: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('vadSettings.silenceDurationMs');
  });
});

describe('admin only', () => {
  it('refuses a regular user every profile endpoint with 403', async () => {
    const user = await app.signedIn(await app.createUser({ tenantId: 'profiles' }));
    const id = (await create({ name: 'Guarded' })).id;
    const calls = [
      user.get('/api/voice/profiles?agentId=default-agent'),
      user.post('/api/voice/profiles', { name: 'x' }),
      user.patch(`/api/voice/profiles/${id}`, { name: 'x' }),
      user.delete(`/api/voice/profiles/${id}`),
      user.post(`/api/voice/profiles/${id}/make-default`),
      user.get(`/api/voice/profiles/${id}/export`),
      user.post('/api/voice/profiles/import', { name: 'x' }),
      user.get(`/api/voice/profiles/${id}/versions`),
      user.post(`/api/voice/profiles/${id}/versions/1/restore`),
      user.post(`/api/voice/profiles/${id}/test`),
      user.post('/api/voice/profiles/preview', {}),
      user.put('/api/annie/config', { name: 'x' }),
    ];
    expect((await Promise.all(calls)).map((response) => response.status)).toEqual(calls.map(() => 403));
    expect((await list()).find((profile) => profile.id === id)?.name).toBe('Guarded');
  });
});
