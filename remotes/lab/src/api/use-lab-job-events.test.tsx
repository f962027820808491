import { installFakeEventSource, latestEventSource } from '@annie/test-fixtures/fake-event-source';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAB_JOB_EVENTS_URL, useLabJobEvents } from './use-lab-job-events.ts';
import { labJobsQueryKey } from './use-lab-jobs.ts';

const jobEvent = { id: '2b8f6c1e-4d3a-4f5b-8e7c-9a0b1c2d3e4f', status: 'running' };

beforeEach(() => {
  vi.useFakeTimers();
  installFakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const { queryClient, wrapper } = createQueryWrapper();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const hook = renderHook(() => useLabJobEvents(), { wrapper });
  return { invalidate, hook, source: latestEventSource() };
}

describe('useLabJobEvents', () => {
  it('opens the job event stream with credentials', () => {
    const { source } = setup();
    expect(source.url).toBe(LAB_JOB_EVENTS_URL);
    expect(LAB_JOB_EVENTS_URL).toBe('/api/lab/jobs/events');
    expect(source.withCredentials).toBe(true);
  });

  it('invalidates the lab queries once per burst of job events', () => {
    const { invalidate, source } = setup();
    source.emit('lab-job', jobEvent);
    source.emit('lab-job', { ...jobEvent, status: 'succeeded' });
    source.emit('lab-job', jobEvent);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: labJobsQueryKey });
    source.emit('lab-job', jobEvent);
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('refreshes after a reconnect and on resync, but not on the first connect', () => {
    const { invalidate, source } = setup();
    source.open();
    vi.advanceTimersByTime(60);
    expect(invalidate).not.toHaveBeenCalled();
    source.open();
    vi.advanceTimersByTime(60);
    source.emit('resync');
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('refreshes once the stream is back after the browser gave up on it', () => {
    const { invalidate, source } = setup();
    source.open();
    source.fail({ gaveUp: true });
    vi.advanceTimersByTime(30_000);
    const reopened = latestEventSource();
    expect(reopened).not.toBe(source);
    reopened.open();
    vi.advanceTimersByTime(60);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('closes the stream and drops a pending refresh on unmount', () => {
    const { hook, invalidate, source } = setup();
    source.emit('lab-job', jobEvent);
    hook.unmount();
    vi.advanceTimersByTime(60);
    expect(source.closed).toBe(true);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
