import { phoneAccessSchema } from '@annie/contracts/trust';
import type { RealtimeFakeSession } from '@annie/fakes/openai-realtime-fake';
import { expect, vi } from 'vitest';
import type { TestUser } from '../../../../../test/test-app.ts';
import type { TestClient } from '../../../../../test/test-client.ts';
import type { PhoneHarness } from './phone-test-harness.ts';

export const FRONT_DESK = ['take_message', 'request_text_to_caller', 'end_call'];
export const PASSCODE = '482916';

// Passcode checks run argon2 (19 MiB, tens of milliseconds each): on a loaded machine a call's steps take
// more than vitest's default second.
export const waitFor = <T>(check: () => T | Promise<T>) =>
  vi.waitFor(check, { timeout: 10_000, interval: 20 });

type SessionUpdate = { session: { instructions?: string; tools?: { name: string }[] } };
export const updatesOf = (session: RealtimeFakeSession) =>
  session.eventsOf('session.update') as unknown as SessionUpdate[];
export const toolNames = (update: SessionUpdate | undefined) =>
  update?.session.tools?.map((tool) => tool.name);

/** The notes the app gave the model (system messages), in order. */
export const systemNotes = (session: RealtimeFakeSession) =>
  session
    .eventsOf('conversation.item.create')
    .map((event) => event.item as { role?: string; content?: { text?: string }[] })
    .filter((item) => item.role === 'system')
    .map((item) => item.content?.[0]?.text);

/** The function_call_output items the app sent the model, parsed. */
export const toolOutputs = (session: RealtimeFakeSession) =>
  session
    .eventsOf('conversation.item.create')
    .map((event) => event.item as { type?: string; output?: string })
    .filter((item) => item.type === 'function_call_output')
    .map((item) => JSON.parse(item.output ?? 'null') as unknown);

/** Phone-call helpers over one harness. */
export function ownerCalls(phone: PhoneHarness) {
  const { twilio, realtime, app } = phone;

  /**
   * Rings the business number from `from` (the caller says `audio`, μ-law, at once; nothing unless given)
   * and waits for the session the app configured for the call.
   */
  async function ring(from: string, audio = Buffer.alloc(0)) {
    twilio.calls.callee = { audio, frameIntervalMs: 0 };
    const count = realtime.sessions.length;
    const { sid } = await phone.ringApp(from);
    await waitFor(() => expect(realtime.sessions.length).toBe(count + 1));
    const session = realtime.sessions[count] as RealtimeFakeSession;
    // The app's first configuration of the call; a scripted caller may already have caused a second one.
    await waitFor(() => expect(updatesOf(session).length).toBeGreaterThanOrEqual(1));
    return { sid, session };
  }

  /** Hangs up and waits until the app has freed the number (a redial before that is answered busy). */
  async function hangUp(sid: string, from: string) {
    await twilio.calls.hangUp(sid);
    await waitFor(async () => {
      const open = await app.pool.query(
        'select 1 from phone_call where remote_e164 = $1 and ended_at is null',
        [from],
      );
      expect(open.rowCount).toBe(0);
    });
  }

  /** The code the app texted to `number` (the latest). */
  function codeTextedTo(number: string): string {
    const text = twilio.sent.findLast((message) => message.to === number);
    const code = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1];
    if (!code) throw new Error(`No code texted to ${number}`);
    return code;
  }

  /**
   * A user of the first tenant with `number` as their own (confirmed with the texted code unless
   * `confirm` is false) and PASSCODE; `spoken` also allows saying it.
   */
  async function executiveWithNumber(
    number: string,
    options: { confirm?: boolean; spoken?: boolean; user?: TestUser } = {},
  ): Promise<{ user: TestUser; client: TestClient }> {
    const user = options.user ?? (await app.createUser());
    const client = await app.signedIn(user);
    const saved = await client.put('/api/me/phone-access', {
      numbers: [number],
      passcode: PASSCODE,
      currentPassword: user.password,
      ...(options.spoken ? { spokenPasscode: true } : {}),
    });
    expect(saved.status).toBe(200);
    if (options.confirm !== false) {
      const confirmed = await client.post('/api/me/phone-access/numbers/confirm', {
        number,
        code: codeTextedTo(number),
      });
      expect(confirmed.status).toBe(200);
      expect(phoneAccessSchema.parse(confirmed.body).unverifiedNumbers).toEqual([]);
    }
    return { user, client };
  }

  return { ring, hangUp, codeTextedTo, executiveWithNumber };
}
