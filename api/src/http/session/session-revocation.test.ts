import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOADED_MACHINE_MARGIN_MS, timeOf, within } from '../../../test/deadline.ts';
import { type EventStream, openLiveStream } from '../../../test/event-stream.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { publishLive } from '../../live/live-channel.ts';
import { smsChannel } from '../../modules/sms/sms-live.ts';
import { deleteAccount } from '../../modules/users/account-deletion.ts';
import { setPassword } from '../../modules/users/user.service.ts';

const app = await startTestApp();
const streams: EventStream[] = [];

afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

// The promise: an open stream ends within a second of its session's revocation. Measured from the
// revoking call being made to the moment the stream ended (not to when the test looked), with the
// loaded machine's margin; the wait itself is bounded far above that, so a slow run reports a figure.
const PROMISED_MS = 1_000;
const WAIT_MS = 10_000;

/** Runs `revoke`, and resolves with how long after it began the stream ended. */
async function endsWithin(stream: EventStream, revoke: () => Promise<unknown>, what: string) {
  const endedAt = timeOf(stream.ended);
  const revokedAt = performance.now();
  await revoke();
  const latency = (await within(endedAt, WAIT_MS, what)) - revokedAt;
  expect(latency, `${what}: ${Math.round(latency)} ms`).toBeLessThan(PROMISED_MS + LOADED_MACHINE_MARGIN_MS);
}

async function openStream(client: Awaited<ReturnType<typeof app.signedIn>>) {
  const stream = await openLiveStream(client, '/api/sms/events');
  streams.push(stream);
  return stream;
}

describe('revoking a session ends its open event streams', () => {
  it('closes an open event stream within a second of logout; another session of the same user keeps its own', async () => {
    const user = await app.createUser();
    const leaving = await app.signedIn(user);
    const staying = await app.signedIn(user);
    const closing = await openStream(leaving);
    const open = await openStream(staying);
    await endsWithin(
      closing,
      async () => expect((await leaving.post('/api/logout')).status).toBe(200),
      'the stream closing after logout',
    );
    // The other session's stream still delivers.
    const threadId = randomUUID();
    await publishLive(app.pool, smsChannel, user.user.tenantId, {
      type: 'thread',
      threadId,
      phoneE164: '+14155550123',
    });
    await within(
      open.next((event) => (event.data as { threadId?: string }).threadId === threadId),
      5_000,
      'the other session receiving an event',
    );
  });

  it('closes every stream of a user whose password is changed', async () => {
    const user = await app.createUser();
    const stream = await openStream(await app.signedIn(user));
    await endsWithin(
      stream,
      () => setPassword(app.orm.em.fork(), user.username, 'a-brand-new-password'),
      'the stream closing after the password change',
    );
  });

  it('closes every stream of a deleted user (user:delete)', async () => {
    const user = await app.createUser();
    const stream = await openStream(await app.signedIn(user));
    await endsWithin(
      stream,
      () => deleteAccount(app.orm.em.fork(), user.username),
      'the stream closing after user:delete',
    );
  });

  it('stops watching a stream the client closed', async () => {
    const user = await app.createUser();
    const stream = await openStream(await app.signedIn(user));
    const watched = app.deps.connections.size;
    expect(watched).toBeGreaterThan(0);
    stream.close();
    await expect.poll(() => app.deps.connections.size).toBe(watched - 1);
  });
});
