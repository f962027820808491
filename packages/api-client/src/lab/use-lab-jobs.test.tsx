import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAB_JOB_SAMPLES } from '../contracts/lab.ts';
import { createQueryWrapper, jsonResponse } from '../testing/query-wrapper.tsx';
import { exportLabJob } from './export-lab-job.ts';
import { useCreateLabJob } from './use-create-lab-job.ts';
import { useLabJob } from './use-lab-job.ts';
import { labJobsQueryKey, useLabJobs } from './use-lab-jobs.ts';

const job = {
  id: 'j1',
  type: 'formulate',
  status: 'queued',
  payload: LAB_JOB_SAMPLES.formulate,
  result: null,
  error: null,
  attempts: 0,
  createdBy: 'u1',
  createdAt: '2026-11-22T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lab job hooks', () => {
  it('reads the job list from GET /api/lab/jobs', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, [job]));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useLabJobs(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual([job]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/lab/jobs');
  });

  it('rejects a list that does not match the contract', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse(200, [{ ...job, status: 'exploded' }])),
    );
    const { result } = renderHook(() => useLabJobs(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('reads one job under the list key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, job));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useLabJob('j1'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/lab/jobs/j1');
    expect(queryClient.getQueryData([...labJobsQueryKey, 'j1'])).toEqual(job);
  });

  it('posts {type, payload} and refreshes the list', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, job));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, wrapper } = createQueryWrapper();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useCreateLabJob(), { wrapper });
    act(() => result.current.mutate({ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      type: 'formulate',
      payload: LAB_JOB_SAMPLES.formulate,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: labJobsQueryKey });
  });

  it('downloads an export with the file name the server gives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response('{"id":"j1"}', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="formulate-2026-11-22.json"' },
          }),
      ),
    );
    const file = await exportLabJob('j1');
    expect(file.filename).toBe('formulate-2026-11-22.json');
    expect(file.blob.size).toBe('{"id":"j1"}'.length);
  });
});
