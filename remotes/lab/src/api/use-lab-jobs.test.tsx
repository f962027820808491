import { LAB_JOB_SAMPLES, type LabJob } from '@annie/contracts/lab';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { LAB_JOBS, labRoutes, NEW_LAB_JOB_ID, stubLabApi } from '@annie/test-fixtures/lab-api';
import { createQueryWrapper } from '@annie/test-fixtures/query-wrapper';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportLabJob } from './export-lab-job.ts';
import { useCreateLabJob } from './use-create-lab-job.ts';
import { useLabJob } from './use-lab-job.ts';
import { labJobsQueryKey, useLabJobs } from './use-lab-jobs.ts';

const [job, succeeded] = LAB_JOBS as [LabJob, LabJob];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lab job hooks', () => {
  it('reads the job list from GET /api/lab/jobs', async () => {
    const api = stubLabApi();
    const { result } = renderHook(() => useLabJobs(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(LAB_JOBS);
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe('/api/lab/jobs');
  });

  it('rejects a list that does not match the contract', async () => {
    stubFetch({
      ...labRoutes(),
      'GET /api/lab/jobs': { status: 200, body: [{ ...job, status: 'exploded' }] },
    });
    const { result } = renderHook(() => useLabJobs(), { wrapper: createQueryWrapper().wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('reads one job under the list key', async () => {
    const api = stubLabApi();
    const { queryClient, wrapper } = createQueryWrapper();
    const { result } = renderHook(() => useLabJob(job.id), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.fetchMock.mock.calls[0]?.[0]).toBe(`/api/lab/jobs/${job.id}`);
    expect(queryClient.getQueryData([...labJobsQueryKey, job.id])).toEqual(job);
  });

  it('posts {type, payload} and refreshes the list', async () => {
    const api = stubLabApi();
    const { queryClient, wrapper } = createQueryWrapper();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useCreateLabJob(), { wrapper });
    act(() => result.current.mutate({ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.id).toBe(NEW_LAB_JOB_ID);
    expect(api.requests('POST').map(({ path, body }) => [path, body])).toEqual([
      ['/api/lab/jobs', { type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: labJobsQueryKey });
  });

  it('downloads an export with the file name the server gives', async () => {
    stubLabApi();
    const file = await exportLabJob(succeeded.id);
    expect(file.filename).toBe('compliance_check-2026-01-05.json');
    expect(file.blob.size).toBe(JSON.stringify(succeeded).length);
  });
});
