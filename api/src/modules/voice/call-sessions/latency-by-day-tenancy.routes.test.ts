import { latencyByDaySchema } from '@annie/contracts/usage';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import { recordCallFigures } from './call-figures.service.ts';
import { startCallSession } from './call-session.service.ts';

// The Usage screen's latency per day: admins only, over their own tenant's measured calls only.
const app = await startTestApp();
let admin: TestClient;
let member: TestClient;
let otherAdmin: TestClient;

const measured = (latenciesMs: number[]): MeasuredCall => ({
  latenciesMs,
  interruptions: 0,
  tools: [],
  voice: { inputText: 10, inputAudio: 20, cachedText: 0, cachedAudio: 0, outputText: 5, outputAudio: 30 },
  transcription: { inputText: 0, inputAudio: 0, output: 0, seconds: 10 },
});

/** A two-minute phone call started at `startedAt`, measured by the server as `call`. */
async function measuredCall(tenantId: string, userId: string, startedAt: Date, call: MeasuredCall) {
  const session = await startCallSession(app.orm.em.fork() as EntityManager, {
    tenantId,
    userId,
    channel: 'twilio',
    startedAt,
  });
  await app.pool.query('update call_session set ended_at = $2 where id = $1', [
    session.id,
    new Date(startedAt.getTime() + 120_000),
  ]);
  await recordCallFigures(app.pool, {
    tenantId,
    callSessionId: session.id,
    measured: call,
    models: { voice: 'gpt-realtime-2.1', transcription: 'gpt-transcribe' },
    source: 'server',
  });
}

beforeAll(async () => {
  const adminUser = await app.createUser({ tenantId: 'latency-a', isAdmin: true });
  admin = await app.signedIn(adminUser);
  member = await app.signedIn(await app.createUser({ tenantId: 'latency-a' }));
  const otherUser = await app.createUser({ tenantId: 'latency-b', isAdmin: true });
  otherAdmin = await app.signedIn(otherUser);
  const id = adminUser.user.id;
  await measuredCall('latency-a', id, new Date('2026-10-03T09:00:00Z'), measured([400, 900]));
  await measuredCall('latency-a', id, new Date('2026-10-03T15:00:00Z'), measured([500]));
  await measuredCall('latency-a', id, new Date('2026-10-05T23:59:00Z'), measured([200, 300]));
  // A call with no answered turn counts for no day.
  await measuredCall('latency-a', id, new Date('2026-10-06T10:00:00Z'), measured([]));
  await measuredCall('latency-b', otherUser.user.id, new Date('2026-10-03T10:00:00Z'), measured([999]));
});

describe('GET /api/call-sessions/latency-by-day', () => {
  it('gives each day with answered turns its calls, median and 95th percentile, oldest first', async () => {
    const response = await admin.get('/api/call-sessions/latency-by-day?from=2026-10-01&to=2026-10-31');
    expect(response.status).toBe(200);
    expect(latencyByDaySchema.parse(response.body)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      days: [
        { date: '2026-10-03', calls: 2, p50: 500, p95: 900 },
        { date: '2026-10-05', calls: 1, p50: 200, p95: 300 },
      ],
    });
  });

  it("shows another tenant's admin only their own calls, and refuses a member", async () => {
    const theirs = await otherAdmin.get('/api/call-sessions/latency-by-day?from=2026-10-01&to=2026-10-31');
    expect(latencyByDaySchema.parse(theirs.body).days).toEqual([
      { date: '2026-10-03', calls: 1, p50: 999, p95: 999 },
    ]);
    expect((await member.get('/api/call-sessions/latency-by-day')).status).toBe(403);
  });

  it('answers a reversed or malformed range with a 400 the page can show', async () => {
    const reversed = await admin.get('/api/call-sessions/latency-by-day?from=2026-10-20&to=2026-10-01');
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('from must not be after to');
    const malformed = await admin.get('/api/call-sessions/latency-by-day?from=yesterday');
    expect(malformed.status).toBe(400);
    const long = await admin.get('/api/call-sessions/latency-by-day?from=2024-01-01&to=2026-10-01');
    expect(long.status).toBe(400);
  });
});
