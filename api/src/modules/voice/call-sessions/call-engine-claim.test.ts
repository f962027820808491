import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { startCallSession } from './call-session.service.ts';
import { claimCallEngine } from './engine-comparison.queries.ts';

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
});
