import type { EntityManager } from '@mikro-orm/postgresql';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import {
  appendCallTranscript,
  endCallSession,
  findCallSessionByProviderId,
  startCallSession,
} from './call-session.service.ts';

// The service other modules call (phone webhooks, realtime offers): used here the way they use it,
// with a bare EntityManager and no request tenant filter set.
const app = await startTestApp();
let ownerId: string;
let otherTenantOwnerId: string;
const em = () => app.orm.em.fork() as EntityManager;

beforeAll(async () => {
  ownerId = (await app.createUser({ tenantId: 'tenant-a' })).user.id;
  otherTenantOwnerId = (await app.createUser({ tenantId: 'tenant-b' })).user.id;
});

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe('call session service', () => {
  it('starts an ongoing session with an empty transcript and the given details', async () => {
    const session = await startCallSession(em(), {
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'twilio',
      direction: 'inbound',
      callerId: '+15551230000',
      providerCallId: 'CA-start-1',
      purpose: 'Inbound call',
    });
    expect(session).toMatchObject({
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'twilio',
      direction: 'inbound',
      callerId: '+15551230000',
      providerCallId: 'CA-start-1',
      purpose: 'Inbound call',
      endedAt: null,
      transcript: [],
      conversationId: null,
    });
    expect(session.startedAt).toBeInstanceOf(Date);
  });

  it('returns the existing session for a provider call id the tenant already has, even when racing', async () => {
    const input = {
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'twilio' as const,
      providerCallId: 'CA-race',
    };
    const sessions = await Promise.all([1, 2, 3, 4].map(() => startCallSession(em(), input)));
    expect(new Set(sessions.map((session) => session.id)).size).toBe(1);
    const { rows } = await app.pool.query(
      `select count(*)::int as n from call_session where provider_call_id = 'CA-race'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('keeps provider call ids unique per tenant only', async () => {
    const a = await findCallSessionByProviderId(em(), { tenantId: 'tenant-a', providerCallId: 'CA-race' });
    const b = await startCallSession(em(), {
      tenantId: 'tenant-b',
      userId: otherTenantOwnerId,
      channel: 'twilio',
      providerCallId: 'CA-race',
    });
    expect(a).not.toBeNull();
    expect(b.id).not.toBe(a?.id);
    expect(
      await findCallSessionByProviderId(em(), { tenantId: 'tenant-b', providerCallId: 'CA-race' }),
    ).toMatchObject({ id: b.id });
    expect(
      await findCallSessionByProviderId(em(), { tenantId: 'tenant-a', providerCallId: 'CA-none' }),
    ).toBeNull();
  });

  it('ends a call once: a second end neither moves endedAt nor reopens it', async () => {
    const session = await startCallSession(em(), {
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'webrtc',
    });
    const endedAt = new Date(session.startedAt.getTime() + 65_000);
    const ended = await endCallSession(em(), { tenantId: 'tenant-a', id: session.id, endedAt });
    expect(ended.endedAt?.toISOString()).toBe(endedAt.toISOString());
    const again = await endCallSession(em(), {
      tenantId: 'tenant-a',
      id: session.id,
      endedAt: new Date(endedAt.getTime() + 60_000),
    });
    expect(again.endedAt?.toISOString()).toBe(endedAt.toISOString());
  });

  it('never ends a call before it started', async () => {
    const session = await startCallSession(em(), { tenantId: 'tenant-a', userId: ownerId, channel: 'web' });
    const ended = await endCallSession(em(), {
      tenantId: 'tenant-a',
      id: session.id,
      endedAt: new Date(session.startedAt.getTime() - 10_000),
    });
    expect(ended.endedAt?.toISOString()).toBe(session.startedAt.toISOString());
  });

  it('brings a copy already loaded in the same EntityManager up to date', async () => {
    const manager = em();
    const session = await startCallSession(manager, {
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'web',
    });
    await appendCallTranscript(manager, {
      tenantId: 'tenant-a',
      id: session.id,
      entries: [{ role: 'user', content: 'Hello' }],
    });
    await endCallSession(manager, { tenantId: 'tenant-a', id: session.id });
    expect(session.endedAt).toBeInstanceOf(Date);
    expect(session.transcript.map((entry) => entry.content)).toEqual(['Hello']);
  });

  it('appends transcript lines in order, concurrent appends all landing, also after the end', async () => {
    const session = await startCallSession(em(), {
      tenantId: 'tenant-a',
      userId: ownerId,
      channel: 'twilio',
    });
    await appendCallTranscript(em(), {
      tenantId: 'tenant-a',
      id: session.id,
      entries: [
        { role: 'user', content: 'first', timestamp: '2026-01-01T10:00:00+01:00' },
        { role: 'assistant', content: 'second' },
      ],
    });
    await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((content) =>
        appendCallTranscript(em(), {
          tenantId: 'tenant-a',
          id: session.id,
          entries: [{ role: 'user', content }],
        }),
      ),
    );
    await endCallSession(em(), { tenantId: 'tenant-a', id: session.id });
    const after = await appendCallTranscript(em(), {
      tenantId: 'tenant-a',
      id: session.id,
      entries: [{ role: 'assistant', content: 'late' }],
    });
    const contents = after.transcript.map((entry) => entry.content);
    expect(contents.slice(0, 2)).toEqual(['first', 'second']);
    expect(contents.slice(2, 7).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(contents[7]).toBe('late');
    expect(after.transcript[0]).toEqual({
      role: 'user',
      content: 'first',
      timestamp: '2026-01-01T09:00:00.000Z',
    });
  });

  it("answers 404 for another tenant's session or another user's, and changes nothing", async () => {
    const session = await startCallSession(em(), { tenantId: 'tenant-a', userId: ownerId, channel: 'web' });
    const otherUser = otherTenantOwnerId;
    expect(await statusOf(endCallSession(em(), { tenantId: 'tenant-b', id: session.id }))).toBe(404);
    expect(
      await statusOf(endCallSession(em(), { tenantId: 'tenant-a', userId: otherUser, id: session.id })),
    ).toBe(404);
    expect(
      await statusOf(
        appendCallTranscript(em(), {
          tenantId: 'tenant-b',
          id: session.id,
          entries: [{ role: 'user', content: 'x' }],
        }),
      ),
    ).toBe(404);
    const { rows } = await app.pool.query('select ended_at, transcript from call_session where id = $1', [
      session.id,
    ]);
    expect(rows[0]).toEqual({ ended_at: null, transcript: [] });
  });
});
