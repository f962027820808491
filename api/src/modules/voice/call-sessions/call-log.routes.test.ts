import { CALL_LOG_CSV_HEADERS } from '@annie/contracts/call-log-words';
import { callLogPageSchema } from '@annie/contracts/call-logs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';
import { appendCallTranscript, endCallSession, startCallSession } from './call-session.service.ts';

// GET /api/call-logs: Call Logs' filters, search over the transcripts, sort, paging with counts, the
// 0-second calls left out and counted, and the CSV in the screen's words.
const app = await startTestApp();
const em = () => app.orm.em.fork() as EntityManager;
let executive: TestClient;
const ids: Record<string, string> = {};
const at = (minutesAgo: number, seconds = 0) => new Date(Date.now() - minutesAgo * 60_000 + seconds * 1000);

beforeAll(async () => {
  const user = await app.createUser({ tenantId: 'logs-a' });
  executive = await app.signedIn(user);
  const owner = { tenantId: 'logs-a', userId: user.user.id };
  expect(
    (await executive.post('/api/contacts', { name: 'Daniel Osei', phonePrimary: '+16505550111' })).status,
  ).toBe(201);
  const call = async (
    key: string,
    input: { channel: 'twilio' | 'web'; direction?: 'inbound' | 'outbound'; callerId?: string },
    minutesAgo: number,
    seconds: number | null,
    lines: [role: 'user' | 'assistant', content: string][],
  ) => {
    const session = await startCallSession(em(), { ...owner, ...input, startedAt: at(minutesAgo) });
    ids[key] = session.id;
    if (lines.length > 0)
      await appendCallTranscript(em(), {
        ...owner,
        id: session.id,
        entries: lines.map(([role, content]) => ({ role, content })),
      });
    if (seconds !== null)
      await endCallSession(em(), { ...owner, id: session.id, endedAt: at(minutesAgo, seconds) });
  };
  await call('daniel', { channel: 'twilio', direction: 'inbound', callerId: '+16505550111' }, 50, 95, [
    ['user', 'Is the roast still on for Sunday?'],
    ['assistant', 'It is, at one.'],
  ]);
  await call('stranger', { channel: 'twilio', direction: 'outbound', callerId: '+14155552671' }, 40, 30, [
    ['assistant', 'Hello, this is James.'],
  ]);
  await call('empty', { channel: 'twilio', direction: 'inbound', callerId: '+14155550000' }, 30, 0, []);
  await call('typed', { channel: 'web' }, 20, 300, [
    ['user', 'Book the Sunday table'],
    ['assistant', 'Done.'],
  ]);
  await call('ongoing', { channel: 'twilio', direction: 'inbound', callerId: '+16505550111' }, 1, null, []);
});

async function logs(query = '') {
  const answer = await executive.get(`/api/call-logs${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return callLogPageSchema.parse(answer.body);
}
const idsOf = (page: { sessions: { id: string }[] }) => page.sessions.map((session) => session.id);

describe('GET /api/call-logs', () => {
  it('lists newest first with the total, leaving out and counting the 0-second call', async () => {
    const page = await logs();
    expect(idsOf(page)).toEqual([ids.ongoing, ids.typed, ids.stranger, ids.daniel]);
    expect([page.total, page.emptyHidden]).toEqual([4, 1]);
    expect(page.sessions[3]).toMatchObject({ contactName: 'Daniel Osei', callerId: '+16505550111' });
    const all = await logs('?includeEmpty=true');
    expect([all.total, all.emptyHidden, all.sessions.length]).toEqual([5, 0, 5]);
  });

  it('filters by direction, channel, contact (name or digits), outcome and date', async () => {
    expect(idsOf(await logs('?direction=outbound'))).toEqual([ids.stranger]);
    expect(idsOf(await logs('?channel=web'))).toEqual([ids.typed]);
    expect(idsOf(await logs('?contact=osei'))).toEqual([ids.ongoing, ids.daniel]);
    expect(idsOf(await logs('?contact=555-2671'))).toEqual([ids.stranger]);
    expect(idsOf(await logs('?outcome=ongoing'))).toEqual([ids.ongoing]);
    expect(idsOf(await logs('?outcome=no-conversation'))).toEqual([ids.stranger]);
    expect(idsOf(await logs('?outcome=completed'))).toEqual([ids.typed, ids.daniel]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await logs(`?from=${tomorrow}`)).total).toBe(0);
  });

  it('searches the words said, in any case, over every transcript', async () => {
    expect(idsOf(await logs('?q=ROAST'))).toEqual([ids.daniel]);
    expect(idsOf(await logs('?q=sunday'))).toEqual([ids.typed, ids.daniel]);
    expect((await logs('?q=nothing%20like%20this')).total).toBe(0);
  });

  it('sorts and pages with offset, the total unchanged', async () => {
    expect(idsOf(await logs('?sort=longest&outcome=completed'))).toEqual([ids.typed, ids.daniel]);
    expect(idsOf(await logs('?sort=oldest&limit=2&offset=1'))).toEqual([ids.stranger, ids.typed]);
    expect((await logs('?sort=oldest&limit=2&offset=1')).total).toBe(4);
  });

  it('refuses bad input with a 400 the screen can show', async () => {
    for (const query of [
      '?sort=loudest',
      '?direction=sideways',
      '?from=yesterday',
      '?limit=0',
      '?offset=-1',
    ]) {
      const answer = await executive.get(`/api/call-logs${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    const reversed = await executive.get('/api/call-logs?from=2026-02-01&to=2026-01-01');
    expect([reversed.status, reversed.body.message]).toEqual([
      400,
      'The start date must not be after the end date',
    ]);
  });

  it('exports the same calls as CSV in the screen words: Phone/Typed, Inbound, the contact, m:ss', async () => {
    const answer = await executive.request('GET', '/api/call-logs/export.csv?q=sunday');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    const text = answer.text;
    const [header, ...rows] = text.trimEnd().split('\r\n');
    expect(header).toBe(CALL_LOG_CSV_HEADERS.join(','));
    expect(text).toContain(',Typed,Completed,5:00,');
    expect(text).toContain('Inbound,Daniel Osei,(650) 555-0111,Phone,Completed,1:35,');
    expect(text).toContain('Daniel Osei: Is the roast still on for Sunday?');
    expect(text).not.toMatch(/twilio|webrtc|inbound,/);
    expect(rows.filter((row) => /^\d{4}-/.test(row))).toHaveLength(2);
  });
});
