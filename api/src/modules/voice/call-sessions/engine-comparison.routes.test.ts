import { engineComparisonSchema } from '@annie/api-client/contracts/usage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import { recordCallFigures } from './call-figures.service.ts';
import { startCallSession } from './call-session.service.ts';

// Realtime and GPT-Live compared over a tenant's measured calls: admins only, their tenant's calls only.
const app = await startTestApp();
let admin: TestClient;
let member: TestClient;
let otherAdmin: TestClient;

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

/** A phone call of `minutes` that started an hour ago, measured as `call`. */
async function measuredCall(tenantId: string, userId: string, minutes: number, call: MeasuredCall) {
  const startedAt = new Date(Date.now() - 3_600_000);
  const session = await startCallSession(app.orm.em.fork() as EntityManager, {
    tenantId,
    userId,
    channel: 'twilio',
    startedAt,
  });
  await app.pool.query('update call_session set ended_at = $2 where id = $1', [
    session.id,
    new Date(startedAt.getTime() + minutes * 60_000),
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
  await measuredCall('engines-a', adminUser.user.id, 2, measured([400, 900]));
  await measuredCall('engines-a', adminUser.user.id, 2, measured([500]));
  await measuredCall('engines-a', adminUser.user.id, 3, {
    ...measured([250, 300, 350], { tools: [{ name: 'check_calendar', durationMs: 90, outcome: 'error' }] }),
    live: live(180),
  });
  await measuredCall('engines-b', otherUser.user.id, 5, { ...measured([999]), live: live(300) });
});

describe('GET /api/call-sessions/engines', () => {
  it('compares the two engines over the tenant’s measured calls', async () => {
    const response = await admin.get('/api/call-sessions/engines');
    expect(response.status).toBe(200);
    const { engines, currency } = engineComparisonSchema.parse(response.body);
    expect(currency).toBe('USD');
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

  it('is for admins only, and another tenant’s admin sees only their own calls', async () => {
    expect((await member.get('/api/call-sessions/engines')).status).toBe(403);
    const theirs = engineComparisonSchema.parse((await otherAdmin.get('/api/call-sessions/engines')).body);
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
