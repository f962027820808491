import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { databaseNow } from '../../../../test/database-clock.ts';
import { startTestApp } from '../../../../test/test-app.ts';
import { ABANDONED_CALL_AFTER_MS, endAbandonedBrowserCalls } from './abandoned-calls.ts';
import { appendCallTranscript, startCallSession } from './call-session.service.ts';

const app = await startTestApp();
const ownerId = (await app.createUser({ tenantId: 'tenant-abandoned' })).user.id;
const em = () => app.orm.em.fork() as EntityManager;
// The sweep measures "open too long" by the database's now(): the calls are dated by that clock.
const now = (await databaseNow(app.pool)).getTime();
const hoursAgo = (hours: number) => new Date(now - hours * 60 * 60 * 1000);

async function call(channel: 'webrtc' | 'web' | 'twilio', startedAt: Date) {
  return startCallSession(em(), { tenantId: 'tenant-abandoned', userId: ownerId, channel, startedAt });
}

async function endedAt(id: string): Promise<Date | null> {
  const { rows } = await app.pool.query<{ ended_at: Date | null }>(
    'select ended_at from call_session where id = $1',
    [id],
  );
  return rows[0]?.ended_at ?? null;
}

describe('endAbandonedBrowserCalls', () => {
  it('ends browser calls open past the limit when they were last heard from, and nothing else', async () => {
    expect(ABANDONED_CALL_AFTER_MS).toBe(2 * 60 * 60 * 1000);
    const spoken = await call('webrtc', hoursAgo(3));
    const lastWord = hoursAgo(2.5);
    await appendCallTranscript(em(), {
      tenantId: 'tenant-abandoned',
      id: spoken.id,
      entries: [
        { role: 'user', content: 'Hello', timestamp: hoursAgo(2.9) },
        { role: 'assistant', content: 'Good afternoon', timestamp: lastWord },
      ],
    });
    const silent = await call('web', hoursAgo(5));
    const recent = await call('webrtc', hoursAgo(1));
    const phone = await call('twilio', hoursAgo(6));

    const ended = await endAbandonedBrowserCalls(app.pool);
    expect(ended.sort()).toEqual([spoken.id, silent.id].sort());
    expect((await endedAt(spoken.id))?.toISOString()).toBe(lastWord.toISOString());
    expect((await endedAt(silent.id))?.toISOString()).toBe((await startedAt(silent.id)).toISOString());
    expect(await endedAt(recent.id)).toBeNull();
    expect(await endedAt(phone.id)).toBeNull();
    // Once ended, a call is not ended again.
    expect(await endAbandonedBrowserCalls(app.pool)).toEqual([]);
  });
});

async function startedAt(id: string): Promise<Date> {
  const { rows } = await app.pool.query<{ started_at: Date }>(
    'select started_at from call_session where id = $1',
    [id],
  );
  return rows[0]?.started_at as Date;
}
