import { callSessionListSchema } from '@annie/contracts/calls';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { appendCallTranscript, endCallSession, startCallSession } from './call-session.service.ts';

const app = await startTestApp();
let client: TestClient;
let userId: string;
const em = () => app.orm.em.fork() as EntityManager;

beforeAll(async () => {
  const user = await app.createUser({ tenantId: 'tenant-a' });
  userId = user.user.id;
  client = await app.signedIn(user);
});

async function sessions(query = '') {
  const response = await client.get(`/api/call-sessions${query}`);
  expect(response.status).toBe(200);
  return callSessionListSchema.parse(response.body);
}

describe('simple call page: start and end', () => {
  it('starts a web call (201 {id}) that Call History lists as ongoing, then ends it idempotently', async () => {
    const started = await client.post('/api/calls/start');
    expect(started.status).toBe(201);
    expect(Object.keys(started.body)).toEqual(['id']);
    const id = started.body.id as string;
    expect((await sessions())[0]).toMatchObject({
      id,
      channel: 'web',
      direction: null,
      endedAt: null,
      callerId: null,
      transcript: [],
    });

    const ended = await client.post(`/api/calls/${id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ id, endedAt: expect.any(String) });
    const again = await client.post(`/api/calls/${id}/end`);
    expect(again.body).toEqual(ended.body);
    expect((await sessions())[0]).toMatchObject({ id, endedAt: ended.body.endedAt });
  });

  it('answers 404 for an unknown or malformed call id', async () => {
    expect((await client.post('/api/calls/4c3c0b55-0000-4000-8000-000000000000/end')).status).toBe(404);
    expect((await client.post('/api/calls/not-a-uuid/end')).status).toBe(404);
  });
});

describe('GET /api/call-sessions', () => {
  it('lists newest first, a page at a time with limit and before', async () => {
    const fresh = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await fresh.post('/api/calls/start')).body.id);
    const all = callSessionListSchema.parse((await fresh.get('/api/call-sessions')).body);
    expect(all.map((each) => each.id)).toEqual([...ids].reverse());
    const first = callSessionListSchema.parse((await fresh.get('/api/call-sessions?limit=2')).body);
    const second = callSessionListSchema.parse(
      (await fresh.get(`/api/call-sessions?limit=2&before=${first[1]?.id}`)).body,
    );
    const third = callSessionListSchema.parse(
      (await fresh.get(`/api/call-sessions?limit=2&before=${second[1]?.id}`)).body,
    );
    expect([...first, ...second, ...third].map((each) => each.id)).toEqual(all.map((each) => each.id));
    expect(third).toHaveLength(1);
  });

  it('orders calls started in the same instant by id, without losing one across pages', async () => {
    const fresh = await app.createUser({ tenantId: 'tenant-a' });
    const freshClient = await app.signedIn(fresh);
    const startedAt = new Date('2026-03-01T12:00:00.000Z');
    for (let i = 0; i < 4; i += 1)
      await startCallSession(em(), {
        tenantId: 'tenant-a',
        userId: fresh.user.id,
        channel: 'web',
        startedAt,
      });
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 4; page += 1) {
      const body = callSessionListSchema.parse(
        (await freshClient.get(`/api/call-sessions?limit=1${before ? `&before=${before}` : ''}`)).body,
      );
      if (body.length === 0) break;
      seen.push(body[0]?.id ?? '');
      before = body[0]?.id ?? '';
    }
    expect(new Set(seen).size).toBe(4);
  });

  it('refuses a bad page query with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=nope', '?other=1'])
      expect((await client.get(`/api/call-sessions${query}`)).status, query).toBe(400);
  });

  it('shows a phone call with its caller id, direction, stored transcript and duration ends', async () => {
    const session = await startCallSession(em(), {
      tenantId: 'tenant-a',
      userId,
      channel: 'twilio',
      direction: 'inbound',
      callerId: '+15550001111',
      providerCallId: 'CA-listed',
    });
    await appendCallTranscript(em(), {
      tenantId: 'tenant-a',
      id: session.id,
      entries: [
        { role: 'user', content: 'Is Mr Grey in?', timestamp: '2026-02-01T09:00:00.000Z' },
        { role: 'assistant', content: 'He is in a meeting.', timestamp: '2026-02-01T09:00:02.000Z' },
      ],
    });
    await endCallSession(em(), { tenantId: 'tenant-a', id: session.id });
    const listed = (await sessions()).find((each) => each.id === session.id);
    expect(listed).toEqual({
      id: session.id,
      channel: 'twilio',
      direction: 'inbound',
      startedAt: session.startedAt.toISOString(),
      endedAt: expect.any(String),
      callerId: '+15550001111',
      // No contact has the number; an inbound call has no purpose.
      contactName: null,
      purpose: null,
      transcript: [
        { role: 'user', content: 'Is Mr Grey in?', timestamp: '2026-02-01T09:00:00.000Z' },
        { role: 'assistant', content: 'He is in a meeting.', timestamp: '2026-02-01T09:00:02.000Z' },
      ],
      // Nothing measured it (it was not bridged).
      figures: null,
    });
  });

  it("reads a browser call's transcript from its linked voice conversation", async () => {
    const session = await startCallSession(em(), { tenantId: 'tenant-a', userId, channel: 'webrtc' });
    const created = await client.post('/api/voice/conversations', { title: null, callSessionId: session.id });
    expect(created.status).toBe(201);
    const conversationPath = `/api/voice/conversations/${created.body.id}`;
    await client.post(`${conversationPath}/messages`, {
      role: 'assistant',
      content: 'Good evening.',
      timestamp: '2026-02-02T18:00:01.000Z',
    });
    await client.post(`${conversationPath}/messages`, {
      role: 'user',
      content: 'Book a table.',
      timestamp: '2026-02-02T18:00:00.000Z',
    });
    const listed = (await sessions()).find((each) => each.id === session.id);
    expect(listed?.transcript).toEqual([
      { role: 'user', content: 'Book a table.', timestamp: '2026-02-02T18:00:00.000Z' },
      { role: 'assistant', content: 'Good evening.', timestamp: '2026-02-02T18:00:01.000Z' },
    ]);
    // Linking the same call again to another conversation is refused, and stores no conversation.
    const count = async () => ((await client.get('/api/voice/conversations')).body as unknown[]).length;
    const before = await count();
    const again = await client.post('/api/voice/conversations', { title: null, callSessionId: session.id });
    expect(again.status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('links a conversation only to a call that exists, storing nothing otherwise', async () => {
    const count = async () => ((await client.get('/api/voice/conversations')).body as unknown[]).length;
    const before = await count();
    const missing = await client.post('/api/voice/conversations', {
      callSessionId: '4c3c0b55-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    expect((await client.post('/api/voice/conversations', { callSessionId: 'nope' })).status).toBe(400);
    expect(await count()).toBe(before);
  });
});
