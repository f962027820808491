import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { startCallSession } from './call-session.service.ts';
import { claimCallEngine } from './engine-comparison.service.ts';

// A phone call resumed after its instance crashed runs on the engine its first stream drew, whatever
// the engine split draws for the new stream; the engine is the call session's, inside its tenant only.
const app = await startTestApp();
const em = () => app.orm.em.fork() as EntityManager;
const owner = await app.createUser({ tenantId: 'engine-claim-a' });
const stranger = await app.createUser({ tenantId: 'engine-claim-b' });

async function newSession(tenantId: string, userId: string) {
  return startCallSession(em(), { tenantId, userId, channel: 'twilio', direction: 'inbound' });
}

describe('the engine a call runs on', () => {
  it('is written by the first stream and read back by a resumed one, even when its draw differs', async () => {
    const session = await newSession('engine-claim-a', owner.user.id);
    const first = await claimCallEngine(app.pool, 'engine-claim-a', session.id, {
      engine: 'live',
      profileId: null,
    });
    expect(first).toBe('live');
    // The resumed stream drew Realtime: it is given the call's own engine.
    const resumed = await claimCallEngine(app.pool, 'engine-claim-a', session.id, {
      engine: 'realtime',
      profileId: null,
    });
    expect(resumed).toBe('live');
    const { rows } = await app.pool.query('select engine from call_session where id = $1', [session.id]);
    expect(rows).toEqual([{ engine: 'live' }]);
  });

  it("is not another tenant's to read or write", async () => {
    const session = await newSession('engine-claim-a', owner.user.id);
    expect(
      await claimCallEngine(app.pool, 'engine-claim-b', session.id, { engine: 'realtime', profileId: null }),
    ).toBeNull();
    expect(stranger.user.id).not.toBe(owner.user.id);
    const { rows } = await app.pool.query('select engine from call_session where id = $1', [session.id]);
    expect(rows).toEqual([{ engine: null }]);
  });

  it('is stored with the profile that chose it: the given one, or with none the tenant’s default', async () => {
    const owner = await app.createUser({ tenantId: 'engine-claim-c', isAdmin: true });
    const admin = await app.signedIn(owner);
    const created = await admin.post('/api/voice/profiles', { name: 'Front desk', isDefault: true });
    expect(created.status).toBe(201);
    const defaultId = (created.body as { id: string }).id;
    const chosen = (await admin.post('/api/voice/profiles', { name: 'Sales' })).body as { id: string };
    const inbound = await newSession('engine-claim-c', owner.user.id);
    const outbound = await newSession('engine-claim-c', owner.user.id);
    await claimCallEngine(app.pool, 'engine-claim-c', inbound.id, { engine: 'live', profileId: null });
    await claimCallEngine(app.pool, 'engine-claim-c', outbound.id, {
      engine: 'realtime',
      profileId: chosen.id,
    });
    const { rows } = await app.pool.query(
      'select id, engine, profile_id from call_session where id = any($1) order by engine',
      [[inbound.id, outbound.id]],
    );
    expect(rows).toEqual([
      { id: inbound.id, engine: 'live', profile_id: defaultId },
      { id: outbound.id, engine: 'realtime', profile_id: chosen.id },
    ]);
  });
});
