import {
  conversationDetailSchema,
  conversationListSchema,
  deleteConversationResponseSchema,
} from '@annie/contracts/conversations';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

const app = await startTestApp();
let client: TestClient;

beforeAll(async () => {
  client = await app.signedIn(await app.createUser());
});

async function startWithLines(lines: [role: string, content: string, timestamp: string][]) {
  const { id } = (await client.post('/api/voice/conversations', { title: null })).body as { id: string };
  for (const [role, content, timestamp] of lines)
    expect(
      (await client.post(`/api/voice/conversations/${id}/messages`, { role, content, timestamp })).status,
    ).toBe(201);
  return id;
}

describe('voice conversation history', () => {
  it('records a conversation the way the voice page writes it, and reads it back in order', async () => {
    const created = await client.post('/api/voice/conversations', { title: null });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);
    const id = created.body.id as string;
    await client.post(`/api/voice/conversations/${id}/messages`, {
      role: 'assistant',
      content: 'Good morning.',
      timestamp: '2025-01-05T15:04:02.000Z',
    });
    await client.post(`/api/voice/conversations/${id}/messages`, {
      role: 'user',
      content: 'What is on my calendar?',
      timestamp: '2025-01-05T15:04:01.000Z',
    });
    const ended = await client.patch(`/api/voice/conversations/${id}`, {
      endedAt: '2025-01-05T15:10:00.000Z',
      title: 'Morning briefing',
    });
    expect(ended.body).toMatchObject({
      title: 'Morning briefing',
      endedAt: '2025-01-05T15:10:00.000Z',
      messageCount: 2,
    });
    const detail = conversationDetailSchema.parse((await client.get(`/api/voice/conversations/${id}`)).body);
    expect(detail.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'What is on my calendar?'],
      ['assistant', 'Good morning.'],
    ]);
  });

  it('lists conversations newest first with their message counts; an untitled one has a null title', async () => {
    const untitled = await startWithLines([['user', 'Hi', '2025-01-06T09:00:00.000Z']]);
    const list = conversationListSchema.parse((await client.get('/api/voice/conversations')).body);
    expect(list[0]).toMatchObject({ id: untitled, title: null, messageCount: 1 });
    expect(list[1]).toMatchObject({ title: 'Morning briefing', messageCount: 2 });
  });

  it('refuses a bad role, empty content, a bad timestamp and unknown fields, naming the field', async () => {
    const id = await startWithLines([]);
    const role = await client.post(`/api/voice/conversations/${id}/messages`, {
      role: 'system',
      content: 'x',
    });
    expect(role.status).toBe(400);
    expect(role.body.issues[0]).toMatchObject({ path: 'role', message: 'Role must be user or assistant' });
    const empty = await client.post(`/api/voice/conversations/${id}/messages`, { role: 'user', content: '' });
    expect(empty.body.message).toBe('Content is required');
    const time = await client.post(`/api/voice/conversations/${id}/messages`, {
      role: 'user',
      content: 'x',
      timestamp: 'yesterday',
    });
    expect(time.body.issues[0].path).toBe('timestamp');
    expect((await client.post('/api/voice/conversations', { title: null, userId: 'x' })).status).toBe(400);
    expect((await client.patch(`/api/voice/conversations/${id}`, {})).status).toBe(400);
  });

  it('deletes a conversation, answering JSON, and then it is gone', async () => {
    const id = await startWithLines([['user', 'Delete me', '2025-01-07T09:00:00.000Z']]);
    const deleted = await client.delete(`/api/voice/conversations/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleteConversationResponseSchema.parse(deleted.body)).toEqual({ id, deleted: true });
    expect((await client.get(`/api/voice/conversations/${id}`)).status).toBe(404);
    expect((await client.delete(`/api/voice/conversations/${id}`)).status).toBe(404);
  });

  it('is a 404 for an unknown or malformed id', async () => {
    expect((await client.get('/api/voice/conversations/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect((await client.get('/api/voice/conversations/nope')).status).toBe(404);
  });
});
