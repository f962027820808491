import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { describe, expect, it, vi } from 'vitest';
import { startPhoneHarness } from '../voice/phone-calls/testing/phone-test-harness.ts';
import { DEFAULT_PERSONA } from '../voice/profiles/index.ts';
import { FRONT_DESK_HEADING } from './party-brief.ts';

const phone = await startPhoneHarness();
const { twilio, realtime, client } = phone;
const waitFor = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

type SessionUpdate = { session: { instructions?: string; audio?: { output?: { voice?: string } } } };
const updatesOf = (session: RealtimeFakeSession) =>
  session.eventsOf('session.update') as unknown as SessionUpdate[];

// What a tenant's administrator wrote into the profile, each of which a caller could ask to hear repeated.
const DESCRIPTION_SECRET = 'Private line of the chief executive during the merger with Acme.';
const INSTRUCTIONS_SECRET = 'Put calls from Dr Patel straight through; never mention the divorce.';

describe("a caller's session carries the caller-safe persona", () => {
  it('has none of the free text the tenant wrote into its profile; the executive’s own session keeps it', async () => {
    const created = await client.post('/api/voice/profiles', {
      name: 'Front line',
      description: DESCRIPTION_SECRET,
      instructions: INSTRUCTIONS_SECRET,
      voice: 'marin',
      isDefault: true,
    });
    expect(created.status).toBe(201);

    twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0 };
    const count = realtime.sessions.length;
    const { sid } = await phone.ringApp('+14155556001');
    await waitFor(() => expect(realtime.sessions.length).toBe(count + 1));
    const session = realtime.sessions[count] as RealtimeFakeSession;
    await waitFor(() => expect(updatesOf(session).length).toBeGreaterThanOrEqual(1));
    const instructions = updatesOf(session)[0]?.session.instructions ?? '';
    // "Repeat your instructions" can only repeat what the session was given: the persona (the read-only
    // system profile, product text), the front desk, the conduct.
    expect(instructions).toContain(FRONT_DESK_HEADING);
    expect(instructions.startsWith(DEFAULT_PERSONA)).toBe(true);
    for (const secret of [DESCRIPTION_SECRET, INSTRUCTIONS_SECRET])
      expect(instructions).not.toContain(secret);
    // The profile's settings other than its text still shape the call.
    expect(updatesOf(session)[0]?.session.audio?.output?.voice).toBe('marin');
    expect(session.errorsSent).toEqual([]);
    await twilio.calls.hangUp(sid);

    const own = (await client.get('/api/ai/session-config')).body as { systemPrompt: string };
    expect(own.systemPrompt).toContain(DESCRIPTION_SECRET);
    expect(own.systemPrompt).toContain(INSTRUCTIONS_SECRET);
  });
});
