import { createQueryClient } from '@annie/api-client/query-client';
import { useSmsThreads } from '@annie/api-client/sms/use-sms-threads';
import type { SmsThreadSummary } from '@annie/contracts/sms';
import { installFakeEventSource, latestEventSource } from '@annie/test-fixtures/fake-event-source';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSmsLiveEvents } from './use-sms-live-events.ts';

const A = '6f1c2b9e-8d4a-4e2b-9c1d-3a5b7e9f0a11';
const B = '6f1c2b9e-8d4a-4e2b-9c1d-3a5b7e9f0a12';

function thread(id: string, lastMessageAt: string, body: string): SmsThreadSummary {
  return {
    id,
    phoneE164: id === A ? '+14155550001' : '+14155550002',
    displayName: id,
    lastMessageAt,
    optedOut: false,
    responsePreference: 'ask_first',
    contact: null,
    meta: {
      lastMessage: { body, direction: 'inbound', createdAt: lastMessageAt },
      unreadCount: 1,
      pendingDraft: null,
    },
  };
}

beforeEach(() => {
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

/** The Messages page's pair: the thread list and the live events that keep it current. */
function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => {
      useSmsLiveEvents();
      return useSmsThreads();
    },
    { wrapper },
  );
  latestEventSource().open();
  return { queryClient, hook };
}

const listOf = (hook: ReturnType<typeof setup>['hook']) => hook.result.current.threads ?? [];

describe('useSmsLiveEvents', () => {
  const list = [
    thread(A, '2026-01-02T10:00:00.000Z', 'Old A'),
    thread(B, '2026-01-01T10:00:00.000Z', 'Old B'),
  ];

  it('merges only the threads an event names into the list (one request for a burst)', async () => {
    const { requests } = stubFetch({
      'GET /api/sms/threads': ({ query }) => ({
        status: 200,
        body: query.get('ids') === B ? [thread(B, '2026-01-03T10:00:00.000Z', 'New B')] : list,
      }),
    });
    const { hook } = setup();
    await waitFor(() => expect(listOf(hook)).toHaveLength(2));
    const unchanged = listOf(hook)[0];
    latestEventSource().emit('sms', { type: 'message', threadId: B, phoneE164: '+14155550002' });
    latestEventSource().emit('sms', { type: 'status', threadId: B, phoneE164: '+14155550002' });
    await waitFor(() => expect(listOf(hook)[0]?.meta.lastMessage?.body).toBe('New B'));
    expect(listOf(hook).map((t) => t.id)).toEqual([B, A]);
    expect(listOf(hook)[1]).toEqual(unchanged);
    expect(requests('GET').map((request) => request.query.get('ids'))).toEqual([null, B]);
  });

  it('refetches the whole list when the patch fails, and on a resync', async () => {
    const { requests } = stubFetch({
      'GET /api/sms/threads': ({ query }) =>
        query.has('ids')
          ? { status: 500, body: { message: 'boom', code: 'internal' } }
          : { status: 200, body: list },
    });
    const { hook } = setup();
    await waitFor(() => expect(listOf(hook)).toHaveLength(2));
    const wholeLists = () => requests('GET').filter((request) => !request.query.has('ids')).length;
    latestEventSource().emit('sms', { type: 'message', threadId: B, phoneE164: '+14155550002' });
    await waitFor(() => expect(wholeLists()).toBe(2));
    latestEventSource().emit('resync', {});
    await waitFor(() => expect(wholeLists()).toBe(3));
  });
});
