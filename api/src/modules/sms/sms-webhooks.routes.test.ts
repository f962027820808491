import { smsThreadListSchema } from '@annie/contracts/sms';
import { twilioSignature } from '@annie/fakes/twilio-signature';
import { describe, expect, it } from 'vitest';
import { openLiveStream } from '../../../test/event-stream.ts';
import { assignMessagingNumber } from './messaging-number.ts';
import { INBOUND_WEBHOOK_PATH } from './sms-sending.ts';
import { MESSAGING_NUMBER, openThread, PUBLIC_URL, startSmsHarness } from './testing/sms-test-harness.ts';

const sms = await startSmsHarness({ drafts: false });
const ALICE = '+14155552671';

async function messageRows(sid: string) {
  const { rows } = await sms.app.pool.query('select id from sms_message where twilio_sid = $1', [sid]);
  return rows.length;
}

describe('incoming text webhook', () => {
  it('stores a signed text, answers empty TwiML, and lists the thread with its unread count', async () => {
    const reply = await sms.inbound({ from: ALICE, body: 'Are we still on for 3?', messageSid: 'SM-in-1' });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toContain('text/xml');
    expect(reply.text).toContain('<Response></Response>');
    const threads = smsThreadListSchema.parse((await sms.client.get('/api/sms/threads')).body);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      phoneE164: ALICE,
      displayName: ALICE,
      meta: { unreadCount: 1, lastMessage: { body: 'Are we still on for 3?', direction: 'inbound' } },
    });
  });

  it('refuses a missing or wrong signature with 403 and stores nothing', async () => {
    const body = new URLSearchParams({
      From: ALICE,
      To: MESSAGING_NUMBER,
      Body: 'forged',
      MessageSid: 'SM-forged',
    });
    const url = `${sms.app.baseUrl}${INBOUND_WEBHOOK_PATH}`;
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(403);
    // Signed over the loopback address instead of PUBLIC_URL: not what Twilio signs.
    const wrongUrl = twilioSignature(sms.twilio.authToken, url, Object.fromEntries(body));
    const signed = { ...headers, 'X-Twilio-Signature': wrongUrl };
    expect((await fetch(url, { method: 'POST', headers: signed, body })).status).toBe(403);
    const otherToken = twilioSignature(
      'not-the-token',
      `${PUBLIC_URL}${INBOUND_WEBHOOK_PATH}`,
      Object.fromEntries(body),
    );
    expect(
      (await fetch(url, { method: 'POST', headers: { ...headers, 'X-Twilio-Signature': otherToken }, body }))
        .status,
    ).toBe(403);
    expect(await messageRows('SM-forged')).toBe(0);
  });

  it('keeps one row for a text Twilio delivers ten times at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        sms.inbound({ from: ALICE, body: 'Once only', messageSid: 'SM-dupe' }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect(await messageRows('SM-dupe')).toBe(1);
    const thread = await openThread(sms.client, ALICE);
    expect(thread.messages.filter((message: { body: string }) => message.body === 'Once only')).toHaveLength(
      1,
    );
  });

  it('clears the unread count when the thread is opened', async () => {
    await sms.inbound({ from: ALICE, body: 'Ping' });
    expect((await openThread(sms.client, ALICE)).meta.unreadCount).toBe(0);
    const threads = (await sms.client.get('/api/sms/threads')).body;
    expect(threads[0].meta.unreadCount).toBe(0);
  });

  it('GET of a thread is read-only: it keeps the unread count, publishes nothing, starts no thread', async () => {
    const HUGO = '+14155552681';
    await sms.inbound({ from: HUGO, body: 'Door code?' });
    const stream = await openLiveStream(sms.client, '/api/sms/events');
    const path = `/api/sms/threads/${encodeURIComponent(HUGO)}`;
    try {
      const read = await sms.client.get(path);
      expect(read.status).toBe(200);
      expect(read.body.meta.unreadCount).toBe(1);
      expect((await sms.client.get(path)).body.meta.unreadCount).toBe(1);
      // Marking read is the POST; its event is the first and only one the stream gets.
      expect((await sms.client.post(`${path}/read`)).status).toBe(200);
      await stream.next((event) => (event.data as { phoneE164?: string }).phoneE164 === HUGO);
      expect(
        stream.events.filter((event) => (event.data as { phoneE164?: string }).phoneE164 === HUGO),
      ).toHaveLength(1);
      expect((await sms.client.get(path)).body.meta.unreadCount).toBe(0);
    } finally {
      stream.close();
    }
    const stranger = `/api/sms/threads/${encodeURIComponent('+14155552682')}`;
    expect((await sms.client.get(stranger)).status).toBe(404);
    const { rows } = await sms.app.pool.query("select 1 from sms_thread where phone_e164 = '+14155552682'");
    expect(rows).toHaveLength(0);
  });

  it('keeps inbound pictures of an MMS', async () => {
    await sms.inbound({
      from: ALICE,
      body: '',
      messageSid: 'SM-mms',
      media: [{ url: 'https://media.example.test/photo.jpg', contentType: 'image/jpeg' }],
    });
    const thread = await openThread(sms.client, ALICE);
    expect(thread.messages.at(-1)).toMatchObject({ mediaUrls: ['https://media.example.test/photo.jpg'] });
  });

  it('takes the tenant from the number texted, never from the body, and ignores numbers nobody owns', async () => {
    const bob = await sms.app.signedIn(await sms.app.createUser({ tenantId: 'tenant-b' }));
    await assignMessagingNumber(sms.app.pool, 'tenant-b', '+14155550199');
    await sms.inbound({ from: '+14155552672', to: '+14155550199', body: 'For tenant B' });
    expect(
      (await bob.get('/api/sms/threads')).body.map((thread: { phoneE164: string }) => thread.phoneE164),
    ).toEqual(['+14155552672']);
    const unowned = await sms.inbound({
      from: '+14155552673',
      to: '+14155550142',
      body: 'Nobody',
      messageSid: 'SM-nobody',
    });
    expect(unowned.status).toBe(200);
    expect(await messageRows('SM-nobody')).toBe(0);
    const ours = (await sms.client.get('/api/sms/threads')).body.map(
      (thread: { phoneE164: string }) => thread.phoneE164,
    );
    expect(ours).not.toContain('+14155552672');
  });
});

describe('opt-out keywords', () => {
  const CAROL = '+14155552674';

  it('STOP opts the thread out, START opts back in, HELP is recorded', async () => {
    await sms.inbound({ from: CAROL, body: 'STOP' });
    expect((await openThread(sms.client, CAROL)).optedOut).toBe(true);
    await sms.inbound({ from: CAROL, body: 'help' });
    expect((await openThread(sms.client, CAROL)).messages.at(-1)).toMatchObject({
      body: 'help',
      direction: 'inbound',
    });
    await sms.inbound({ from: CAROL, body: 'Start' });
    expect((await openThread(sms.client, CAROL)).optedOut).toBe(false);
  });

  const OPT_OUT_WORDS = ['STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
  it.each(OPT_OUT_WORDS)('%s opts out', async (word) => {
    const phone = `+1415555${String(2700 + OPT_OUT_WORDS.indexOf(word)).padStart(4, '0')}`;
    await sms.inbound({ from: phone, body: word });
    expect((await openThread(sms.client, phone)).optedOut).toBe(true);
    await sms.inbound({ from: phone, body: 'UNSTOP' });
  });
});
