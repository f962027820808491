import { responsesUsage } from '@annie/fakes/openai-text-fake';
import { smsSegments, TWILIO_SMS_SEGMENT_USD } from '@annie/fakes/twilio-fake';
import { describe, expect, it, vi } from 'vitest';
import { databaseNow } from '../../../test/database-clock.ts';
import { recordUsageEntry } from '../usage/index.ts';
import { smsSendingOf } from './sms-sending.ts';
import { priceSentTexts } from './sms-usage.ts';
import { startSmsHarness } from './testing/sms-test-harness.ts';

// Drafts record the text model's tokens and their cost; sent texts their segments; a spent budget with
// the hard stop drafts nothing.
const sms = await startSmsHarness();
const waitFor = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

type Entry = { kind: string; source_id: string; tokens: string; segments: number; cost_usd: string };
async function entries(kind: string): Promise<Entry[]> {
  const { rows } = await sms.app.pool.query<Entry>(
    `select kind, source_id, tokens, segments, cost_usd from usage_entry where tenant_id = 'default' and kind = $1`,
    [kind],
  );
  return rows;
}

describe('SMS usage', () => {
  it("records a draft's tokens as OpenAI reported them, priced by the text model's published price", async () => {
    sms.openai.setReply(() => 'See you at six.');
    await sms.inbound({ from: '+14155552801', body: 'What time tonight?' });
    await waitFor(async () => expect(await entries('draft')).toHaveLength(1));
    const request = sms.openai.requests.at(-1);
    // The fake answered with this usage: instructions and input, then the reply.
    const prompt = `${request?.body.instructions}\n${request?.body.input}`;
    const usage = responsesUsage(prompt, 'See you at six.');
    const [draft] = await entries('draft');
    expect(Number(draft?.tokens)).toBe(usage.input_tokens + usage.output_tokens);
    // gpt-6-luna: $0.10 in, $0.50 out per million tokens.
    const expected = (usage.input_tokens * 0.1 + usage.output_tokens * 0.5) / 1_000_000;
    expect(Number(draft?.cost_usd)).toBeCloseTo(expected, 12);
  });

  it('records the segments Twilio counts for a sent text', async () => {
    const body = `${'A long reply. '.repeat(14)}Ends here.`;
    const sent = await sms.client.post('/api/sms/send', { to: '+14155552802', body });
    expect(sent.status).toBeLessThan(300);
    const texts = await entries('text');
    expect(texts.map((text) => text.segments)).toEqual([smsSegments(body)]);
    expect(smsSegments(body)).toBe(2);
  });

  it("adds Twilio's price once Twilio has sent the text, once", async () => {
    const body = 'Priced once it has left.';
    const sent = await sms.client.post('/api/sms/send', { to: '+14155552804', body });
    expect(sent.status).toBeLessThan(300);
    const sending = smsSendingOf(sms.app.config);
    const costOf = async () => (await entries('text')).find((text) => text.segments === 1)?.cost_usd;
    // Queued: Twilio has not priced it yet.
    expect(await priceSentTexts(sms.app.pool, sending)).toBe(0);
    expect(Number(await costOf())).toBe(0);
    const message = sms.twilio.sent.find((each) => each.body === body);
    await sms.status(message?.sid ?? '', 'delivered');
    expect(await priceSentTexts(sms.app.pool, sending)).toBe(1);
    expect(Number(await costOf())).toBeCloseTo(TWILIO_SMS_SEGMENT_USD, 10);
    expect(await priceSentTexts(sms.app.pool, sending)).toBe(0);
  });

  it('drafts nothing once the budget is spent and the hard stop is on', async () => {
    await recordUsageEntry(sms.app.pool, 'default', {
      userId: null,
      channel: 'twilio',
      kind: 'call',
      sourceId: 'spent',
      // This month as the spend query's now() counts it.
      at: await databaseNow(sms.app.pool),
      seconds: 60,
      segments: 0,
      tokens: 0,
      costUsd: 100,
    });
    await sms.app.pool.query(
      `insert into usage_settings (tenant_id, monthly_budget, hard_stop) values ('default', 50, true)`,
    );
    const before = sms.openai.requests.length;
    await sms.inbound({ from: '+14155552803', body: 'Are you there?' });
    await waitFor(async () => {
      const { rows } = await sms.app.pool.query<{ state: string; output: { skipped?: string } }>(
        `select j.state, j.output from pgboss.job j join sms_message m on m.id::text = j.id::text
         join sms_thread t on t.id = m.thread_id where t.phone_e164 = '+14155552803'`,
      );
      expect(rows[0]).toMatchObject({ state: 'completed', output: { skipped: 'budget spent' } });
    });
    expect(sms.openai.requests.length).toBe(before);
  });
});
