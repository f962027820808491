import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryWrapper } from '../testing/query-wrapper.tsx';
import { LAB_JOB_EVENTS_URL, useLabJobEvents } from './use-lab-job-events.ts';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** A stand-in for the browser's EventSource that lets the test dispatch events. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readonly withCredentials: boolean;
  closed = false;

  constructor(url: string, init?: EventSourceInit) {
    super();
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close() {
    this.closed = true;
  }

  emit(type: string) {
    this.dispatchEvent(new MessageEvent(type, { data: '{}' }));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const { queryClient, wrapper } = createQueryWrapper();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const hook = renderHook(() => useLabJobEvents(), { wrapper });
  const source = FakeEventSource.instances[0];
  if (!source) throw new Error('no EventSource was opened');
  return { invalidate, hook, source };
}

describe('useLabJobEvents', () => {
  it('opens the job event stream with credentials', () => {
    const { source } = setup();
    expect(source.url).toBe(LAB_JOB_EVENTS_URL);
    expect(source.withCredentials).toBe(true);
  });

  it('invalidates the lab queries once per burst of job events', () => {
    const { invalidate, source } = setup();
    source.emit('lab-job');
    source.emit('lab-job');
    source.emit('lab-job');
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: labJobsQueryKey });
    source.emit('lab-job');
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('refreshes after a reconnect and on resync, but not on the first connect', () => {
    const { invalidate, source } = setup();
    source.emit('open');
    vi.advanceTimersByTime(60);
    expect(invalidate).not.toHaveBeenCalled();
    source.emit('open');
    vi.advanceTimersByTime(60);
    source.emit('resync');
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('closes the stream on unmount', () => {
    const { hook, source } = setup();
    hook.unmount();
    expect(source.closed).toBe(true);
  });
});
