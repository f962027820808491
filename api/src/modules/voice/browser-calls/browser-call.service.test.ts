import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import type { RealtimeCalls } from '../../../providers/openai/openai-realtime-calls.ts';
import { startBrowserCall } from './browser-call.service.ts';

const app = await startTestApp();

/** OpenAI as far as the service sees it: every call accepted, hang-ups recorded. */
function acceptingCalls() {
  const hungUp: string[] = [];
  const calls: RealtimeCalls = {
    create: async () => ({ sdp: 'v=0\r\n', callId: `rtc_${randomUUID().replaceAll('-', '')}` }),
    hangup: async (callId) => {
      hungUp.push(callId);
    },
  };
  return { calls, hungUp };
}

describe('startBrowserCall', () => {
  it('records the call as the caller’s call session and hangs nothing up', async () => {
    const { user } = await app.createUser({ tenantId: 'browser-calls' });
    const { calls, hungUp } = acceptingCalls();
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: 'browser-calls' });
    const auth = { tenantId: 'browser-calls', userId: user.id, username: 'x', email: null, isAdmin: false };
    const call = await startBrowserCall(em, calls, { auth, offerSdp: 'v=0', defaultModel: 'gpt-realtime' });
    expect(call.callSessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(hungUp).toEqual([]);
  });

  it('hangs up a call OpenAI accepted but that cannot be recorded, and fails', async () => {
    const { calls, hungUp } = acceptingCalls();
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: 'no-such-tenant' });
    // No such user or tenant: the call_session insert violates its foreign keys.
    const auth = {
      tenantId: 'no-such-tenant',
      userId: randomUUID(),
      username: 'x',
      email: null,
      isAdmin: false,
    };
    await expect(
      startBrowserCall(em, calls, { auth, offerSdp: 'v=0', defaultModel: 'gpt-realtime' }),
    ).rejects.toThrow();
    expect(hungUp).toHaveLength(1);
    expect(hungUp[0]).toMatch(/^rtc_/);
  });
});
