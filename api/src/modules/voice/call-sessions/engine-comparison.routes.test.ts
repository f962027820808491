import { ENGINE_PROFILE_NOT_FOUND, engineComparisonSchema } from '@annie/contracts/usage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import { recordCallFigures } from './call-figures.service.ts';
import { startCallSession } from './call-session.service.ts';

// Realtime and GPT-Live compared over one voice profile's measured calls (by default the default
// profile's): admins only, their tenant's calls and profiles only.
const app = await startTestApp();
let admin: TestClient;
let member: TestClient;
let otherAdmin: TestClient;
let deskId: string;
let salesId: string;

const measured = (latenciesMs: number[], extra: Partial<MeasuredCall> = {}): MeasuredCall => ({
  latenciesMs,
  interruptions: 1,
  tools: [{ name: 'check_calendar', durationMs: 120, outcome: 'ok' }],
  voice: { inputText: 100, inputAudio: 200, cachedText: 0, cachedAudio: 0, outputText: 50, outputAudio: 300 },
  transcription: { inputText: 0, inputAudio: 0, output: 0, seconds: 10 },
  ...extra,
});
const live = (seconds: number) => ({
  model: 'gpt-live-1.1',
  seconds,
  backendModel: 'gpt-6-luna',
  backend: { input: 1000, cached: 0, output: 100, reasoning: 0 },
});

/** A phone call of `minutes` that started an hour ago on `profileId`'s engine, measured as `call`. */
async function measuredCall(
  tenantId: string,
  userId: string,
  minutes: number,
  call: MeasuredCall,
  profileId: string | null = null,
) {
  const startedAt = new Date(Date.now() - 3_600_000);
  const session = await startCallSession(app.orm.em.fork() as EntityManager, {
    tenantId,
    userId,
    channel: 'twilio',
    startedAt,
  });
  await app.pool.query('update call_session set ended_at = $2, engine = $3, profile_id = $4 where id = $1', [
    session.id,
    new Date(startedAt.getTime() + minutes * 60_000),
    call.live ? 'live' : 'realtime',
    profileId,
  ]);
  const models = { voice: 'gpt-realtime-2.1', transcription: 'gpt-transcribe' };
  await recordCallFigures(app.pool, {
    tenantId,
    callSessionId: session.id,
    measured: call,
    models,
    source: 'server',
  });
}

beforeAll(async () => {
  const adminUser = await app.createUser({ tenantId: 'engines-a', isAdmin: true });
  admin = await app.signedIn(adminUser);
  member = await app.signedIn(await app.createUser({ tenantId: 'engines-a' }));
  const otherUser = await app.createUser({ tenantId: 'engines-b', isAdmin: true });
  otherAdmin = await app.signedIn(otherUser);
  deskId = (await admin.post('/api/voice/profiles', { name: 'Desk', isDefault: true })).body.id;
  salesId = (await admin.post('/api/voice/profiles', { name: 'Sales' })).body.id;
  const a = adminUser.user.id;
  await measuredCall('engines-a', a, 2, measured([400, 900]), deskId);
  await measuredCall('engines-a', a, 2, measured([500]), deskId);
  const failed = { tools: [{ name: 'check_calendar', durationMs: 90, outcome: 'error' as const }] };
  await measuredCall('engines-a', a, 3, { ...measured([250, 300, 350], failed), live: live(180) }, deskId);
  // Another profile's call, and one from before calls recorded their profile: neither is the Desk's.
  await measuredCall('engines-a', a, 4, { ...measured([2000]), live: live(240) }, salesId);
  await measuredCall('engines-a', a, 1, measured([3000]));
  await measuredCall('engines-b', otherUser.user.id, 5, { ...measured([999]), live: live(300) });
});

describe('GET /api/call-sessions/engines', () => {
  it('compares the two engines over the default profile’s measured calls', async () => {
    const response = await admin.get('/api/call-sessions/engines');
    expect(response.status).toBe(200);
    const { engines, currency, profile } = engineComparisonSchema.parse(response.body);
    expect(currency).toBe('USD');
    expect(profile).toEqual({ id: deskId, name: 'Desk' });
    const [realtime, gptLive] = engines;
    expect(realtime).toMatchObject({
      engine: 'realtime',
      calls: 2,
      minutes: 4,
      latency: { p50: 500, p95: 900 },
      interruptionsPerMinute: 0.5,
      toolRuns: 2,
      toolFailures: 0,
    });
    // One GPT-Live call: three minutes of session at $0.05, and 1,100 backend tokens of gpt-6-luna.
    expect(gptLive).toMatchObject({
      engine: 'live',
      calls: 1,
      minutes: 3,
      latency: { p50: 300, p95: 350 },
      toolFailures: 1,
    });
    expect(gptLive?.costPerMinute).toBeCloseTo((0.15 + (1000 * 0.1 + 100 * 0.5) / 1e6) / 3, 6);
  });

  it('compares the profile it is asked for: only that profile’s calls', async () => {
    const response = await admin.get(`/api/call-sessions/engines?profileId=${salesId}`);
    const { engines, profile } = engineComparisonSchema.parse(response.body);
    expect(profile).toEqual({ id: salesId, name: 'Sales' });
    expect(engines.map((engine) => [engine.engine, engine.calls])).toEqual([
      ['realtime', 0],
      ['live', 1],
    ]);
    expect(engines[1]).toMatchObject({ minutes: 4, latency: { p50: 2000, p95: 2000 } });
  });

  it('answers 404 for an id that names none of the tenant’s profiles', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-profile']) {
      const response = await admin.get(`/api/call-sessions/engines?profileId=${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ message: ENGINE_PROFILE_NOT_FOUND });
    }
  });

  it('is for admins only, and another tenant’s admin sees only their own calls', async () => {
    expect((await member.get('/api/call-sessions/engines')).status).toBe(403);
    // With no profile saved, every call of theirs ran on the default settings: all are compared.
    const theirs = engineComparisonSchema.parse((await otherAdmin.get('/api/call-sessions/engines')).body);
    expect(theirs.profile).toBeNull();
    expect(theirs.engines.map((engine) => engine.calls)).toEqual([0, 1]);
    expect(theirs.engines[1]?.latency).toEqual({ p50: 999, p95: 999 });
  });

  it('answers a range that ends before it starts with a 400 the page can show', async () => {
    const response = await admin.get('/api/call-sessions/engines?from=2026-11-20&to=2026-11-01');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('from must not be after to');
  });

  it('counts no call outside the range', async () => {
    const response = await admin.get('/api/call-sessions/engines?from=2026-01-01&to=2026-01-31');
    expect(engineComparisonSchema.parse(response.body).engines.map((engine) => engine.calls)).toEqual([0, 0]);
  });
});
