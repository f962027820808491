import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/api-client/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { compileVoiceSession } from './compile-voice-session.ts';
import { TEST_TICKET_TTL_MS, VoiceTestTickets } from './voice-test-tickets.ts';

const compiled = compileVoiceSession(
  { ...VOICE_PROFILE_DEFAULTS, name: 'x' },
  { instructions: '', personalityTraits: [], model: null },
  FALLBACK_REALTIME_MODEL,
);
const owner = { userId: 'u1', tenantId: 't1', origin: 'http://127.0.0.1:1', compiled };

describe('VoiceTestTickets', () => {
  it('redeems a ticket once with its token', () => {
    const tickets = new VoiceTestTickets();
    const { sessionId, token } = tickets.issue(owner, 1_000);
    expect(tickets.redeem(sessionId, token, 1_001)).toMatchObject({ sessionId, userId: 'u1' });
    expect(tickets.redeem(sessionId, token, 1_002)).toBeNull();
  });

  it('refuses a wrong token and burns the ticket', () => {
    const tickets = new VoiceTestTickets();
    const { sessionId, token } = tickets.issue(owner, 1_000);
    expect(tickets.redeem(sessionId, `${token.slice(0, -2)}AA`, 1_001)).toBeNull();
    expect(tickets.redeem(sessionId, token, 1_002)).toBeNull();
  });

  it('refuses a ticket once its minute is over', () => {
    const tickets = new VoiceTestTickets();
    const { sessionId, token } = tickets.issue(owner, 1_000);
    expect(tickets.redeem(sessionId, token, 1_000 + TEST_TICKET_TTL_MS)).toBeNull();
  });
});
