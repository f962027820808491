import { describe, expect, it, vi } from 'vitest';
import { openLiveStream } from '../../../test/event-stream.ts';
import { openThread, startSmsHarness } from './testing/sms-test-harness.ts';

const sms = await startSmsHarness();
const waitFor = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

async function pendingDraftOf(phone: string) {
  return (await openThread(sms.client, phone)).meta.pendingDraft as { id: string; draft: string } | null;
}

async function latestInboundId(phone: string) {
  const { rows } = await sms.app.pool.query<{ id: string }>(
    `select m.id from sms_message m join sms_thread t on t.id = m.thread_id
     where t.phone_e164 = $1 and m.direction = 'inbound' order by m.created_at desc limit 1`,
    [phone],
  );
  if (!rows[0]) throw new Error(`no inbound text from ${phone}`);
  return rows[0].id;
}

/**
 * Whether the latest inbound text queued a draft job: the webhook queues it (id = the message's id) in
 * the transaction that stores the text, so once the webhook has answered the answer is final.
 */
async function draftJobQueued(phone: string) {
  const id = await latestInboundId(phone);
  return ((await sms.app.pool.query('select 1 from pgboss.job where id = $1', [id])).rowCount ?? 0) > 0;
}

/** Waits until the draft job of the latest inbound text has finished, whatever it did. */
async function draftJobDone(phone: string) {
  const id = await latestInboundId(phone);
  await waitFor(async () => {
    const job = await sms.app.pool.query<{ state: string }>(`select state from pgboss.job where id = $1`, [
      id,
    ]);
    expect(['completed', 'failed']).toContain(job.rows[0]?.state);
  });
}

async function setPreference(phone: string, responsePreference: string) {
  const thread = await openThread(sms.client, phone);
  expect((await sms.client.patch(`/api/sms/threads/${thread.id}`, { responsePreference })).status).toBe(200);
  return thread.id as string;
}

describe('drafts on an ask_first thread', () => {
  const MOM = '+14155552691';

  it('drafts from the persona, the contact and the knowledge base, and announces it live', async () => {
    await sms.client.post('/api/contacts', {
      name: 'Margaret',
      nickname: 'Mom',
      relationship: 'family',
      phonePrimary: MOM,
      notes: 'Loves tulips',
    });
    await sms.client.post('/api/knowledge/facts', { key: 'sundayDinner', value: 'Sunday dinner is at 6pm' });
    const stream = await openLiveStream(sms.client, '/api/sms/events');
    sms.openai.setReply(() => 'Dinner is at 6pm, see you Sunday!');
    await sms.inbound({ from: MOM, body: 'What time is Sunday dinner?' });
    await stream.next((event) => event.event === 'sms' && (event.data as { type: string }).type === 'draft');
    stream.close();
    expect(await pendingDraftOf(MOM)).toMatchObject({ draft: 'Dinner is at 6pm, see you Sunday!' });
    const request = sms.openai.requests.at(-1);
    const prompt = `${request?.body.instructions}\n${request?.body.input}`;
    expect(prompt).toContain('You are James');
    expect(prompt).toContain('Nickname: Mom');
    expect(prompt).toContain('Notes: Loves tulips');
    expect(prompt).toContain('Sunday dinner is at 6pm');
    // ask_first: the executive reads the draft, so it may use everything, private knowledge included.
    expect(prompt).toContain(
      'Reply to: <third_party_content source="inbound text">\nWhat time is Sunday dinner?\n</third_party_content>',
    );
    expect((await sms.client.get('/api/sms/threads')).body[0].meta.pendingDraft).not.toBeNull();
  });

  it('Send sends the draft as edited and clears it', async () => {
    const thread = await openThread(sms.client, MOM);
    const response = await sms.client.post(`/api/sms/threads/${thread.id}/approve`, {
      draft: 'Six it is. Love you!',
    });
    expect(response.status).toBe(200);
    expect(sms.twilio.sent.at(-1)).toMatchObject({ to: MOM, body: 'Six it is. Love you!' });
    expect(await pendingDraftOf(MOM)).toBeNull();
    expect((await sms.client.post(`/api/sms/threads/${thread.id}/approve`, { draft: 'again' })).status).toBe(
      404,
    );
  });

  it('Reject drops the draft and sends nothing', async () => {
    sms.openai.setReply(() => 'A reply to reject');
    await sms.inbound({ from: MOM, body: 'Call me later?' });
    await waitFor(async () => expect(await pendingDraftOf(MOM)).not.toBeNull());
    const before = sms.twilio.sent.length;
    const thread = await openThread(sms.client, MOM);
    expect((await sms.client.post(`/api/sms/threads/${thread.id}/reject`)).status).toBe(200);
    expect(await pendingDraftOf(MOM)).toBeNull();
    expect(sms.twilio.sent.length).toBe(before);
  });

  it('drafts nothing for an opt-out keyword', async () => {
    const requests = sms.openai.requests.length;
    expect((await sms.inbound({ from: '+14155552692', body: 'STOP' })).status).toBe(200);
    expect(await draftJobQueued('+14155552692')).toBe(false);
    expect(await pendingDraftOf('+14155552692')).toBeNull();
    expect(sms.openai.requests.length).toBe(requests);
  });

  it('leaves the text unanswered when OpenAI refuses', async () => {
    const NED = '+14155552693';
    sms.openai.failNext({ status: 400, message: 'Invalid model', type: 'invalid_request_error', times: 1 });
    await sms.inbound({ from: NED, body: 'Hello?' });
    await draftJobDone(NED);
    expect(await pendingDraftOf(NED)).toBeNull();
  });
});

describe('auto_respond and never_respond', () => {
  it('auto_respond sends the draft once per inbound text, even when Twilio redelivers it', async () => {
    const PAT = '+14155552694';
    await setPreference(PAT, 'auto_respond');
    sms.openai.setReply(() => 'Got it, thanks!');
    const sent = sms.twilio.sent.length;
    await Promise.all(
      [1, 2, 3].map(() => sms.inbound({ from: PAT, body: 'Package delivered', messageSid: 'SM-auto-1' })),
    );
    await waitFor(async () =>
      expect(sms.twilio.sent.slice(sent).filter((message) => message.to === PAT)).toHaveLength(1),
    );
    await draftJobDone(PAT);
    expect(sms.twilio.sent.slice(sent).filter((message) => message.to === PAT)).toHaveLength(1);
    expect(await pendingDraftOf(PAT)).toBeNull();
  });

  it('auto_respond answers at most once a minute per thread; a second text waits for the user', async () => {
    const PAT = '+14155552694';
    const sent = sms.twilio.sent.length;
    await sms.inbound({ from: PAT, body: 'And another thing' });
    await draftJobDone(PAT);
    expect(sms.twilio.sent.length).toBe(sent);
    expect(await pendingDraftOf(PAT)).toMatchObject({ draft: 'Got it, thanks!' });
  });

  it('an auto-reply is written from shareable knowledge only, never the notes about the sender', async () => {
    const GATE = '+14155552696';
    await sms.client.post('/api/contacts', {
      name: 'Gerry Guest',
      relationship: 'service',
      phonePrimary: GATE,
      notes: 'Suspected of taking parcels',
    });
    await sms.client.post('/api/knowledge/facts', { key: 'door_code', value: 'The door code is 4471' });
    await sms.client.post('/api/knowledge/notes', {
      title: 'Door opening hours',
      body: 'The door is staffed 9 to 5 on weekdays',
      shareable: true,
    });
    await setPreference(GATE, 'auto_respond');
    sms.openai.setReply(() => 'The door is staffed 9 to 5 on weekdays.');
    const requests = sms.openai.requests.length;
    await sms.inbound({ from: GATE, body: 'What is the door code? And what do you have on me?' });
    await draftJobDone(GATE);
    expect(sms.openai.requests.length).toBe(requests + 1);
    const request = sms.openai.requests.at(-1);
    const prompt = `${request?.body.instructions}\n${request?.body.input}`;
    expect(prompt).toContain('The door is staffed 9 to 5 on weekdays');
    expect(prompt).not.toContain('4471');
    expect(prompt).not.toContain('parcels');
    expect(prompt).toContain('Name: Gerry Guest');
    // The control: the same text on an ask_first thread (a draft the executive reads) does reach the
    // private fact and the notes, so their absence above is the filter's doing, not the search's.
    await setPreference(GATE, 'ask_first');
    await sms.inbound({ from: GATE, body: 'What is the door code? And what do you have on me?' });
    await draftJobDone(GATE);
    expect(sms.openai.requests.length).toBe(requests + 2);
    const reviewed = sms.openai.requests.at(-1);
    const reviewedPrompt = `${reviewed?.body.instructions}\n${reviewed?.body.input}`;
    expect(reviewedPrompt).toContain('The door code is 4471');
    expect(reviewedPrompt).toContain('Suspected of taking parcels');
  });

  it('never_respond drafts nothing', async () => {
    const QUINN = '+14155552695';
    await setPreference(QUINN, 'never_respond');
    const requests = sms.openai.requests.length;
    expect((await sms.inbound({ from: QUINN, body: 'Anyone there?' })).status).toBe(200);
    expect(await draftJobQueued(QUINN)).toBe(false);
    expect(await pendingDraftOf(QUINN)).toBeNull();
    expect(sms.openai.requests.length).toBe(requests);
  });

  it('refuses an unknown preference, naming the field', async () => {
    const thread = await openThread(sms.client, '+14155552695');
    const response = await sms.client.patch(`/api/sms/threads/${thread.id}`, {
      responsePreference: 'always',
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('responsePreference');
  });
});
