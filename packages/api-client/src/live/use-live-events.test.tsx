import {
  FakeEventSource,
  installFakeEventSource,
  latestEventSource,
} from '@annie/test-fixtures/fake-event-source';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useLiveEvents } from './use-live-events.ts';

const CALL_EVENTS = {
  'call-status': z.object({ callId: z.uuid(), status: z.enum(['ringing', 'in-progress', 'completed']) }),
  'call-ended': z.object({ callId: z.uuid() }),
};
const callId = '6f1c2b9e-8d4a-4e2b-9c1d-3a5b7e9f0a12';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(1);
  installFakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(url: string | null = '/api/calls/events') {
  const onEvent = vi.fn();
  const onResync = vi.fn();
  const hook = renderHook(({ url }) => useLiveEvents(url, onEvent, { events: CALL_EVENTS, onResync }), {
    initialProps: { url },
  });
  return { onEvent, onResync, hook };
}

describe('useLiveEvents', () => {
  it('opens the stream with credentials', () => {
    setup();
    expect(latestEventSource().url).toBe('/api/calls/events');
    expect(latestEventSource().withCredentials).toBe(true);
  });

  it('hands each listed event over with its data parsed', () => {
    const { onEvent } = setup();
    latestEventSource().open();
    latestEventSource().emit('call-status', { callId, status: 'ringing' });
    latestEventSource().emit('call-ended', { callId });
    latestEventSource().emit('something-else', { callId });
    expect(onEvent.mock.calls).toEqual([
      [{ type: 'call-status', data: { callId, status: 'ringing' } }],
      [{ type: 'call-ended', data: { callId } }],
    ]);
  });

  it('treats an event it cannot read as a missed one: no event, a resync', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { onEvent, onResync } = setup();
    latestEventSource().emit('call-status', { callId, status: 'exploded' });
    latestEventSource().emit('call-ended', 'not json');
    expect(onEvent).not.toHaveBeenCalled();
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('resyncs when the server says so and after a reconnect, but not on the first connect', () => {
    const { onResync } = setup();
    latestEventSource().open();
    expect(onResync).not.toHaveBeenCalled();
    latestEventSource().emit('resync');
    expect(onResync).toHaveBeenCalledTimes(1);
    latestEventSource().fail();
    vi.advanceTimersByTime(1_000);
    latestEventSource().open();
    expect(onResync).toHaveBeenCalledTimes(2);
  });

  it('reopens a stream the browser gave up on, backing off while it keeps failing', () => {
    setup();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const failed = latestEventSource();
      failed.fail({ gaveUp: true });
      const opened = FakeEventSource.instances.length;
      let waited = 0;
      while (FakeEventSource.instances.length === opened) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(FakeEventSource.instances.slice(0, -1).every((source) => source.closed)).toBe(true);
  });

  it('closes the stream the browser is retrying and reconnects on its own schedule', () => {
    setup();
    const first = latestEventSource();
    first.fail();
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('starts backing off from the first step again once a reconnect succeeds', () => {
    setup();
    latestEventSource().fail();
    vi.advanceTimersByTime(1_000);
    latestEventSource().fail();
    vi.advanceTimersByTime(2_000);
    latestEventSource().open();
    latestEventSource().fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('closes the stream and cancels a pending reconnect on unmount', () => {
    const { hook } = setup();
    const first = latestEventSource();
    first.open();
    hook.unmount();
    expect(first.closed).toBe(true);

    const other = setup();
    latestEventSource().fail();
    other.hook.unmount();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('moves to a new url, and opens nothing without one', () => {
    const { hook } = setup(null);
    expect(FakeEventSource.instances).toHaveLength(0);
    hook.rerender({ url: '/api/sms/events' });
    const first = latestEventSource();
    expect(first.url).toBe('/api/sms/events');
    hook.rerender({ url: '/api/calls/events' });
    expect(first.closed).toBe(true);
    expect(latestEventSource().url).toBe('/api/calls/events');
  });

  it('calls the latest callbacks without reopening the stream', () => {
    const first = vi.fn();
    const second = vi.fn();
    const hook = renderHook(
      ({ onEvent }) => useLiveEvents('/api/calls/events', onEvent, { events: CALL_EVENTS }),
      {
        initialProps: { onEvent: first },
      },
    );
    hook.rerender({ onEvent: second });
    latestEventSource().emit('call-ended', { callId });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});
