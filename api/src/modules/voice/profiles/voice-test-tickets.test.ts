import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { compileVoiceSession } from './compile-voice-session.ts';
import { TEST_TICKET_TTL_MS, VoiceTestTickets } from './voice-test-tickets.ts';

const compiled = compileVoiceSession(
  { ...VOICE_PROFILE_DEFAULTS, name: 'x' },
  { instructions: 'Be brief.', personalityTraits: [], model: null },
  FALLBACK_REALTIME_MODEL,
);
const app = await startTestApp();
const { user } = await app.createUser({ tenantId: 'tickets-a' });
const { user: sameTenant } = await app.createUser({ tenantId: 'tickets-a' });
const { user: otherTenant } = await app.createUser({ tenantId: 'tickets-b' });
const owner = { userId: user.id, tenantId: 'tickets-a' };
const issued = { ...owner, origin: 'http://127.0.0.1:1', compiled };
const tickets = new VoiceTestTickets(app.pool);

async function ticketRows(sessionId: string): Promise<number> {
  const { rows } = await app.pool.query('select 1 from voice_test_ticket where session_id = $1', [sessionId]);
  return rows.length;
}

describe('VoiceTestTickets (PostgreSQL)', () => {
  it('redeems a ticket once with its token, with the compiled session as issued', async () => {
    const now = Date.now();
    const { sessionId, token, expiresAt } = await tickets.issue(issued, now);
    expect(expiresAt).toBe(now + TEST_TICKET_TTL_MS);
    expect(await tickets.redeem(sessionId, token, owner, now + 1)).toEqual({
      ...issued,
      sessionId,
      expiresAt,
    });
    expect(await tickets.redeem(sessionId, token, owner, now + 2)).toBeNull();
    expect(await ticketRows(sessionId)).toBe(0);
  });

  it('stores a hash of the token, never the token', async () => {
    const { sessionId, token } = await tickets.issue(issued);
    const { rows } = await app.pool.query<{ token_hash: Buffer }>(
      'select token_hash from voice_test_ticket where session_id = $1',
      [sessionId],
    );
    expect(rows[0]?.token_hash.equals(Buffer.from(token, 'base64url'))).toBe(false);
  });

  it('refuses a wrong token and burns the ticket', async () => {
    const { sessionId, token } = await tickets.issue(issued);
    expect(await tickets.redeem(sessionId, `${token.slice(0, -2)}AA`, owner)).toBeNull();
    expect(await tickets.redeem(sessionId, token, owner)).toBeNull();
  });

  it('refuses another user of the tenant, and a user of another tenant', async () => {
    const first = await tickets.issue(issued);
    expect(
      await tickets.redeem(first.sessionId, first.token, { ...owner, userId: sameTenant.id }),
    ).toBeNull();
    const second = await tickets.issue(issued);
    expect(
      await tickets.redeem(second.sessionId, second.token, { userId: user.id, tenantId: 'tickets-b' }),
    ).toBeNull();
    const third = await tickets.issue(issued);
    expect(
      await tickets.redeem(third.sessionId, third.token, { userId: otherTenant.id, tenantId: 'tickets-b' }),
    ).toBeNull();
  });

  it('refuses a ticket once its minute is over, and sweeps unused expired tickets', async () => {
    const now = Date.now();
    const late = await tickets.issue(issued, now);
    expect(await tickets.redeem(late.sessionId, late.token, owner, now + TEST_TICKET_TTL_MS)).toBeNull();
    const unused = await tickets.issue(issued, now);
    await tickets.issue(issued, now + TEST_TICKET_TTL_MS);
    expect(await ticketRows(unused.sessionId)).toBe(0);
  });

  it('answers null for an id that is not a UUID, without asking the database to cast it', async () => {
    expect(await tickets.redeem('not-a-uuid', 'x', owner)).toBeNull();
  });

  it('gives one ticket to exactly one of many simultaneous redeemers', async () => {
    const { sessionId, token } = await tickets.issue(issued);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => tickets.redeem(sessionId, token, owner)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
