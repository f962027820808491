import { jsonResponse, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { context, manualGuard, run } from '../../testing/voice-tools.ts';
import { OUTBOUND_CALL_GUARD_MS } from './outbound-call-guard.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CALL_1 = '3f6c1e2a-4b4c-4d8e-9f0a-1b2c3d4e5f60';
const CALL_2 = '7d3f6c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';

describe('runVoiceTool: make_outbound_call', () => {
  const args = { to: '+15551234567', message: 'Remind Sam about the board meeting' };

  it('starts the call with the tool arguments and answers what the server said', async () => {
    const api = stubFetch({ 'POST /api/annie/call/start': { status: 201, body: { id: CALL_1 } } });
    expect(await run('make_outbound_call', args)).toEqual({ id: CALL_1 });
    expect(api.requests()[0]?.body).toEqual(args);
  });

  it('refuses a second call to the same number while the first is starting, then holds it for 2 s', async () => {
    const { guard, pending } = manualGuard();
    let answer: (response: Response) => void = () => undefined;
    const api = stubFetch({
      // The first start is held open until the test answers it; later ones answer at once.
      'POST /api/annie/call/start': () =>
        api.requests().length === 1
          ? new Promise<Response>((resolve) => (answer = resolve))
          : jsonResponse(201, { id: CALL_2 }),
    });
    const ctx = context({ outboundCallGuard: guard });
    const first = run('make_outbound_call', args, ctx);
    // The same number written differently is the same number.
    expect(await run('make_outbound_call', { ...args, to: '+1 (555) 123-4567' }, ctx)).toEqual({
      error: 'A call to this number is already in progress',
      duplicate: true,
    });
    answer(jsonResponse(201, { id: CALL_1 }));
    expect(await first).toEqual({ id: CALL_1 });
    // Still held after the start until the guard time passes.
    expect(await run('make_outbound_call', args, ctx)).toMatchObject({ duplicate: true });
    expect(pending.map((entry) => entry.ms)).toEqual([OUTBOUND_CALL_GUARD_MS]);
    expect(OUTBOUND_CALL_GUARD_MS).toBe(2000);
    pending[0]?.release();
    expect(await run('make_outbound_call', args, ctx)).toEqual({ id: CALL_2 });
    expect(api.requests()).toHaveLength(2);
  });

  it('another number is not held by the guard', async () => {
    const { guard } = manualGuard();
    stubFetch({ 'POST /api/annie/call/start': { status: 201, body: { id: CALL_1 } } });
    const ctx = context({ outboundCallGuard: guard });
    await run('make_outbound_call', args, ctx);
    expect(await run('make_outbound_call', { ...args, to: '+15557654321' }, ctx)).toEqual({ id: CALL_1 });
  });

  it('answers HTTP {status}: {body} and frees the number at once on failure', async () => {
    const { guard, pending } = manualGuard();
    const api = stubFetch({
      'POST /api/annie/call/start': new Response('Twilio is not configured', { status: 503 }),
    });
    const ctx = context({ outboundCallGuard: guard });
    expect(await run('make_outbound_call', args, ctx)).toEqual({
      error: 'HTTP 503: Twilio is not configured',
    });
    expect(await run('make_outbound_call', args, ctx)).toEqual({
      error: 'HTTP 503: Twilio is not configured',
    });
    expect(api.requests()).toHaveLength(2);
    expect(pending).toHaveLength(0);
  });

  it("passes the server's own duplicate refusal (409 with the duplicate flag) on as the same refusal", async () => {
    const { guard, pending } = manualGuard();
    stubFetch({
      'POST /api/annie/call/start': {
        status: 409,
        body: {
          message: 'A call to this number is already in progress',
          code: 'duplicate_call',
          duplicate: true,
        },
      },
    });
    const ctx = context({ outboundCallGuard: guard });
    expect(await run('make_outbound_call', args, ctx)).toEqual({
      error: 'A call to this number is already in progress',
      duplicate: true,
    });
    expect(pending).toHaveLength(0);
    stubFetch({ 'POST /api/annie/call/start': { status: 409, body: { message: 'Busy', code: 'conflict' } } });
    expect(await run('make_outbound_call', args, ctx)).toEqual({
      error: 'HTTP 409: {"message":"Busy","code":"conflict"}',
    });
  });

  it('answers call_failed, freeing the number, when the answer is not the one its contract describes', async () => {
    const { guard, pending } = manualGuard();
    stubFetch({ 'POST /api/annie/call/start': { status: 200, body: { callSid: 'CA1' } } });
    expect(await run('make_outbound_call', args, context({ outboundCallGuard: guard }))).toEqual({
      error: 'call_failed',
    });
    expect(pending).toHaveLength(0);
  });

  it('answers call_failed when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await run('make_outbound_call', args)).toEqual({ error: 'call_failed' });
  });
});
