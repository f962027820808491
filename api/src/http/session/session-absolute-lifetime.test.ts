import { describe, expect, it } from 'vitest';
import { within } from '../../../test/deadline.ts';
import { openLiveStream } from '../../../test/event-stream.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';

// SESSION_ABSOLUTE_HOURS through the real app (config → app → session middleware → the stored session
// and its open streams), where session-middleware.test.ts drives the middleware on a bare Koa app.
const twoHours = await startTestApp({ SESSION_ABSOLUTE_HOURS: '2', SESSION_TTL_HOURS: '12' });
// Four seconds: long enough to sign in and open a stream on a loaded machine, short enough to wait out.
const ABSOLUTE_MS = 4_000;
const brief = await startTestApp({ SESSION_ABSOLUTE_HOURS: String(ABSOLUTE_MS / 3_600_000) });

/** The signed-in client's stored session: when it began and when it ends (ms since the epoch). */
async function storedSession(app: TestApp, client: TestClient) {
  const id = /annie\.sid=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '';
  const { rows } = await app.pool.query<{ data: { _began: number; _expire: number } }>(
    'select data from http_session where id = $1',
    [id],
  );
  const data = rows[0]?.data;
  if (!data) throw new Error('no stored session for the client');
  return { began: data._began, expires: data._expire };
}

describe('SESSION_ABSOLUTE_HOURS in the running app', () => {
  it('bounds a new session by the absolute lifetime when it is shorter than the idle one', async () => {
    const client = await twoHours.signedIn(await twoHours.createUser());
    const { began, expires } = await storedSession(twoHours, client);
    expect(expires - began).toBe(2 * 3_600_000);
  });

  it('ends the session at its absolute expiry: an open event stream closes then, and requests get 401', async () => {
    const client = await brief.signedIn(await brief.createUser());
    const { began, expires } = await storedSession(brief, client);
    expect(expires - began).toBe(ABSOLUTE_MS);
    const stream = await openLiveStream(client, '/api/sms/events');
    try {
      expect((await client.get('/api/auth/user')).status).toBe(200);
      await within(stream.ended, ABSOLUTE_MS + 10_000, 'the stream ending at the absolute expiry');
      const endedAt = Date.now();
      // Not before the session ended, and not long after: the margin is for a loaded machine's timers,
      // far below the row's extra life in the store (it outlives the session by 10 s).
      expect(endedAt).toBeGreaterThanOrEqual(expires);
      expect(endedAt - expires).toBeLessThan(2_000);
      expect((await client.get('/api/auth/user')).status).toBe(401);
    } finally {
      stream.close();
    }
  });
});
