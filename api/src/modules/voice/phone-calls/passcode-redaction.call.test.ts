import { DEFAULT_REALTIME_SCRIPT } from '@annie/fakes/openai-realtime-fake';
import { describe, expect, it } from 'vitest';
import { PASSCODE_PHRASINGS } from './passcode-redaction-phrasings.ts';
import { ownerCalls, waitFor } from './testing/phone-owner-calls.ts';
import { CALLEE_TURN_BYTES, startPhoneHarness } from './testing/phone-test-harness.ts';

// The phrasing table said on a played phone call (Twilio's media stream and the realtime session are the
// loopback fakes), read back from the stored transcript: what the database keeps, not what a function returns.
const phone = await startPhoneHarness();
const { realtime, app } = phone;
const { ring, hangUp, executiveWithNumber } = ownerCalls(phone);

type Line = { role: string; content: string };

async function transcriptOf(sid: string): Promise<Line[]> {
  const { rows } = await app.pool.query<{ transcript: Line[] | null }>(
    `select s.transcript from call_session s join phone_call c on c.call_session_id = s.id
     where c.twilio_call_sid = $1`,
    [sid],
  );
  return rows[0]?.transcript ?? [];
}

describe('a caller offered the passcode check says digits in every way the table lists', () => {
  it('each caller line is stored with every number withheld, one turn after another', async () => {
    const number = '+14155559481';
    await executiveWithNumber(number, { spoken: true });
    const said = PASSCODE_PHRASINGS.map(([line]) => line);
    realtime.setScript({ userTranscripts: said });
    try {
      const { sid } = await ring(number);
      // One turn at a time, each heard and stored before the next: the way a caller spreads digits over turns.
      for (let turn = 1; turn <= said.length; turn += 1) {
        await phone.twilio.calls.say(sid, Buffer.alloc(CALLEE_TURN_BYTES, 0xff));
        await waitFor(async () => {
          const callerLines = (await transcriptOf(sid)).filter((line) => line.role === 'user');
          expect(callerLines).toHaveLength(turn);
        });
      }
      const stored = (await transcriptOf(sid))
        .filter((line) => line.role === 'user')
        .map((line) => line.content);
      expect(stored).toEqual(PASSCODE_PHRASINGS.map(([, kept]) => kept));
      await hangUp(sid, number);
    } finally {
      realtime.setScript({ userTranscripts: DEFAULT_REALTIME_SCRIPT.userTranscripts });
    }
  });

  it('a stranger (no passcode check offered) is stored as said', async () => {
    const line = 'Call me back on 415 555 0142, forty-two is the extension';
    realtime.setScript({ userTranscripts: [line] });
    try {
      const { sid } = await ring('+14155559482', Buffer.alloc(CALLEE_TURN_BYTES, 0xff));
      await waitFor(async () => {
        expect((await transcriptOf(sid)).filter((entry) => entry.role === 'user')).toEqual([
          expect.objectContaining({ content: line }),
        ]);
      });
      await hangUp(sid, '+14155559482');
    } finally {
      realtime.setScript({ userTranscripts: DEFAULT_REALTIME_SCRIPT.userTranscripts });
    }
  });
});
