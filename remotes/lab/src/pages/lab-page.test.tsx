import { LAB_JOB_SAMPLES, type LabJob } from '@annie/api-client/contracts/lab';
import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LabPage from './lab-page.tsx';

const base = {
  payload: LAB_JOB_SAMPLES.formulate,
  result: null,
  error: null,
  attempts: 1,
  createdBy: 'u1',
  createdAt: '2026-01-05T15:04:00.000Z',
  startedAt: null,
  finishedAt: null,
} satisfies Partial<LabJob>;

const jobs: LabJob[] = [
  { ...base, id: 'j-running', type: 'formulate', status: 'running', startedAt: '2026-01-05T15:04:01.000Z' },
  {
    ...base,
    id: 'j-done',
    type: 'compliance_check',
    status: 'succeeded',
    payload: LAB_JOB_SAMPLES.compliance_check,
    result: { regulation: 'EU REACH', compliant: false },
    startedAt: '2026-01-05T15:04:01.000Z',
    finishedAt: '2026-01-05T15:04:03.000Z',
  },
  {
    ...base,
    id: 'j-failed',
    type: 'green_score',
    status: 'failed',
    error: 'The formula could not be parsed',
  },
  { ...base, id: 'j-queued', type: 'supplier_search', status: 'queued', attempts: 0 },
];

type Api = { list?: LabJob[]; createStatus?: number };

function stubApi({ list = jobs, createStatus = 201 }: Api = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/lab/jobs' && init?.method === 'POST') {
      const request = JSON.parse(String(init.body)) as { type: LabJob['type']; payload: LabJob['payload'] };
      return createStatus === 201
        ? json(201, { ...base, ...request, id: 'j-new', status: 'queued', attempts: 0 })
        : json(createStatus, { message: 'boom', code: 'internal' });
    }
    if (url === '/api/lab/jobs') return json(200, list);
    const job = list.find((entry) => url === `/api/lab/jobs/${entry.id}`);
    if (job) return json(200, job);
    if (url === '/api/lab/jobs/j-done/export') {
      return new Response('{}', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="compliance_check-2026-01-05.json"' },
      });
    }
    return json(404, { message: 'Lab job not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderLab(path = '/lab/console') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/lab/*" element={<LabPage />} />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const posted = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Lab Console', () => {
  it('leads from /lab to /lab/console', async () => {
    stubApi();
    renderLab('/lab');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab Console' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current path')).toHaveTextContent('/lab/console');
  });

  it('shows the heading, subtitle, buttons, info cards and Loading jobs...', async () => {
    stubApi();
    renderLab();
    expect(screen.getByText('Manage laboratory jobs and processes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Formulation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compliance Check' })).toBeInTheDocument();
    for (const title of ['Formulation', 'Compliance', 'Green Score', 'Suppliers']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    expect(await screen.findByText('4 Jobs')).toBeInTheDocument();
  });

  it('lists jobs with title-cased type, created time, status badge and line, and Export only when succeeded', async () => {
    stubApi();
    renderLab();
    const running = await screen.findByRole('listitem', { name: 'Formulate job' });
    expect(running).toHaveTextContent('Created Jan 5, 2026');
    expect(running).toHaveTextContent('In Progress...');
    expect(within(running).getByText('Running')).toBeInTheDocument();
    expect(within(running).queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();

    const done = screen.getByRole('listitem', { name: 'Compliance Check job' });
    expect(done).toHaveTextContent('Completed Successfully');
    expect(within(done).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'View' })).toBeInTheDocument();

    const failed = screen.getByRole('listitem', { name: 'Green Score job' });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The formula could not be parsed');
    expect(screen.getByRole('listitem', { name: 'Supplier Search job' })).toHaveTextContent(
      'Waiting to Start',
    );
  });

  it('colours the badges: running yellow, succeeded green, failed red, queued grey', async () => {
    stubApi();
    renderLab();
    await screen.findByRole('listitem', { name: 'Formulate job' });
    // The badge, not the status line (which also reads "Failed" for a failed job).
    const colour = (name: string, label: string) =>
      within(screen.getByRole('listitem', { name }))
        .getAllByText(label)
        .find((element) => element.classList.contains('rt-Badge'))
        ?.getAttribute('data-accent-color');
    expect(colour('Formulate job', 'Running')).toBe('yellow');
    expect(colour('Compliance Check job', 'Succeeded')).toBe('green');
    expect(colour('Green Score job', 'Failed')).toBe('red');
    expect(colour('Supplier Search job', 'Queued')).toBe('gray');
  });

  it('says 1 Job for one job', async () => {
    stubApi({ list: jobs.slice(0, 1) });
    renderLab();
    expect(await screen.findByText('1 Job')).toBeInTheDocument();
  });

  it('queues the canned formulation from New Formulation with the success notice', async () => {
    const fetchMock = stubApi();
    const user = renderLab();
    await user.click(screen.getByRole('button', { name: 'New Formulation' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(screen.getByText('Lab job has been queued successfully')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([{ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }]);
  });

  it('shows Error / Failed to create job when queuing fails', async () => {
    const fetchMock = stubApi({ createStatus: 500 });
    const user = renderLab();
    await user.click(screen.getByRole('button', { name: 'Compliance Check' }));
    expect(await screen.findByText('Failed to create job')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([
      { type: 'compliance_check', payload: LAB_JOB_SAMPLES.compliance_check },
    ]);
  });

  it('shows the empty state whose Create First Job queues a formulation', async () => {
    const fetchMock = stubApi({ list: [] });
    const user = renderLab();
    expect(await screen.findByText('No jobs in queue')).toBeInTheDocument();
    expect(screen.getByText('0 Jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create First Job' }));
    await screen.findByText('Job created');
    expect(posted(fetchMock)).toEqual([{ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }]);
  });

  it('opens a job from View', async () => {
    stubApi();
    const user = renderLab();
    const done = await screen.findByRole('listitem', { name: 'Compliance Check job' });
    await user.click(within(done).getByRole('button', { name: 'View' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compliance Check Job' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current path')).toHaveTextContent('/lab/jobs/j-done');
  });
});

describe('Lab job detail', () => {
  it('shows the timings, the payload, the result and Export for a succeeded job', async () => {
    const fetchMock = stubApi();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const user = renderLab('/lab/jobs/j-done');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compliance Check Job' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Completed Successfully')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payload' })).toHaveTextContent('"regulation": "EU REACH"');
    expect(screen.getByRole('region', { name: 'Result' })).toHaveTextContent('"compliant": false');
    expect(screen.getByText('Attempts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/lab/jobs/j-done/export')).toBe(true);
  });

  it('shows the error of a failed job and no result', async () => {
    stubApi();
    renderLab('/lab/jobs/j-failed');
    expect(await screen.findByRole('alert')).toHaveTextContent('The formula could not be parsed');
    expect(screen.queryByRole('region', { name: 'Result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('says when a job does not exist', async () => {
    stubApi();
    renderLab('/lab/jobs/nope');
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
  });
});

describe('New lab job form', () => {
  // The type picker (a radio group) measures itself; jsdom has no ResizeObserver.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('validates the inputs of the chosen type before sending', async () => {
    const fetchMock = stubApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Green Score' }));
    await user.clear(screen.getByLabelText('Target score'));
    await user.type(screen.getByLabelText('Target score'), '120');
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    expect(screen.getByText('Formula is required')).toBeInTheDocument();
    expect(screen.getByText('Target score must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Formula')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toEqual([]);
  });

  it('queues a supplier search with its criteria and returns to the console', async () => {
    const fetchMock = stubApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Supplier Search' }));
    await user.type(screen.getByLabelText('Chemical'), 'Citric Acid');
    await user.type(screen.getByLabelText('Region (optional)'), 'US');
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([
      { type: 'supplier_search', payload: { chemical: 'Citric Acid', criteria: { region: 'US' } } },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/lab/console'));
  });

  it('fills the sample of the chosen type', async () => {
    const fetchMock = stubApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Compliance Check' }));
    await user.click(screen.getByRole('button', { name: 'Fill Sample' }));
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    await screen.findByText('Job created');
    expect(posted(fetchMock)).toEqual([
      { type: 'compliance_check', payload: LAB_JOB_SAMPLES.compliance_check },
    ]);
  });
});
