import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '../../../test/deadline.ts';
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
    expect((await leaving.post('/api/logout')).status).toBe(200);
    await within(closing.ended, 1_000, 'the stream closing after logout');
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
    await setPassword(app.orm.em.fork(), user.username, 'a-brand-new-password');
    await within(stream.ended, 1_000, 'the stream closing after the password change');
  });

  it('closes every stream of a deleted user (user:delete)', async () => {
    const user = await app.createUser();
    const stream = await openStream(await app.signedIn(user));
    await deleteAccount(app.orm.em.fork(), user.username);
    await within(stream.ended, 1_000, 'the stream closing after user:delete');
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
