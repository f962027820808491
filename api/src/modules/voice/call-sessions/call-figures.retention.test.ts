import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { enforceRetention } from '../../lifecycle/retention.queries.ts';
import { nothingMeasured } from '../bridge/index.ts';
import { recordCallFigures } from './call-figures.service.ts';
import { endCallSession, startCallSession } from './call-session.service.ts';

// A call's figures live and die with the call; the usage ledger's line stays, so the month's totals do.
const app = await startTestApp();
const em = () => app.orm.em.fork() as EntityManager;
const count = async (sql: string, values: unknown[]) =>
  Number((await app.pool.query(sql, values)).rows[0]?.n);

describe("a call's figures and its retention", () => {
  it('are deleted with the call (its user deleted past the grace period); the ledger line stays, without the user', async () => {
    const { user } = await app.createUser({ tenantId: 'tenant-r' });
    const session = await startCallSession(em(), {
      tenantId: 'tenant-r',
      userId: user.id,
      channel: 'twilio',
    });
    await endCallSession(em(), { tenantId: 'tenant-r', id: session.id });
    const measured = { ...nothingMeasured(), latenciesMs: [310, 420] };
    const figures = await recordCallFigures(app.pool, {
      tenantId: 'tenant-r',
      callSessionId: session.id,
      measured,
      models: { voice: 'gpt-realtime-2.1', transcription: 'gpt-transcribe' },
      source: 'server',
    });
    expect(figures?.latency).toEqual({ p50: 310, p95: 420, max: 420 });
    expect(
      await count('select count(*) as n from call_session_figures where call_session_id = $1', [session.id]),
    ).toBe(1);

    await app.pool.query(`update app_user set deleted_at = now() - interval '91 days' where id = $1`, [
      user.id,
    ]);
    await enforceRetention(app.pool, app.deps.retention);
    expect(await count('select count(*) as n from call_session where id = $1', [session.id])).toBe(0);
    expect(
      await count('select count(*) as n from call_session_figures where call_session_id = $1', [session.id]),
    ).toBe(0);
    const { rows } = await app.pool.query('select user_id, kind from usage_entry where source_id = $1', [
      session.id,
    ]);
    expect(rows).toEqual([{ user_id: null, kind: 'call' }]);
  });

  it('are recorded only onto a session of the tenant', async () => {
    const { user } = await app.createUser({ tenantId: 'tenant-s' });
    const session = await startCallSession(em(), {
      tenantId: 'tenant-s',
      userId: user.id,
      channel: 'webrtc',
    });
    const other = await recordCallFigures(app.pool, {
      tenantId: 'tenant-t',
      callSessionId: session.id,
      measured: nothingMeasured(),
      models: { voice: 'gpt-realtime-2.1', transcription: null },
      source: 'server',
    });
    expect(other).toBeUndefined();
    expect(
      await count('select count(*) as n from call_session_figures where call_session_id = $1', [session.id]),
    ).toBe(0);
    expect(await count('select count(*) as n from usage_entry where source_id = $1', [session.id])).toBe(0);
  });
});
