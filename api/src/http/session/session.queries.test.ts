import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { validSessions, writeSession } from './session.queries.ts';

const app = await startTestApp();
const { user } = await app.createUser();
const HOUR = 3_600_000;

/** A stored session of the user ending at `expire` on the app's clock, its row living a day on the database's. */
async function sessionEndingAt(expire: number): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await writeSession(app.pool, id, { userId: user.id, tenantId: user.tenantId, _expire: expire }, 24 * HOUR);
  return id;
}

describe('validSessions across a clock skew between the app and the database', () => {
  it("measures a session's end on the app's clock, whatever the database's says", async () => {
    // The app's clock runs an hour ahead of the database's: its session has 5 s left by its own clock.
    const appNow = Date.now() + HOUR;
    const id = await sessionEndingAt(appNow + 5_000);
    const [row] = await validSessions(app.pool, [id], appNow);
    expect(Number(row?.ms_left)).toBeGreaterThan(4_000);
    expect(Number(row?.ms_left)).toBeLessThanOrEqual(5_000);
  });

  it('ends a session the app considers over even while the database thinks it has an hour left', async () => {
    const appNow = Date.now() + HOUR;
    const id = await sessionEndingAt(appNow - 1);
    expect(await validSessions(app.pool, [id], appNow)).toEqual([]);
  });

  it("still ends at the row's own expiry on the database's clock", async () => {
    const id = randomBytes(12).toString('base64url');
    await writeSession(
      app.pool,
      id,
      { userId: user.id, tenantId: user.tenantId, _expire: Date.now() + HOUR },
      0.001,
    );
    await app.pool.query("update http_session set expires_at = now() - interval '1 second' where id = $1", [
      id,
    ]);
    expect(await validSessions(app.pool, [id])).toEqual([]);
  });
});
