import { createQueryClient } from '@annie/api-client/query-client';
import { LAB_JOB_SAMPLES, type LabJob } from '@annie/contracts/lab';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { LAB_JOBS, labRoutes, stubLabApi } from '@annie/test-fixtures/lab-api';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LabPage from './lab-page.tsx';

const [runningJob, doneJob, failedJob] = LAB_JOBS as [LabJob, LabJob, LabJob, LabJob];

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

const posted = (api: ReturnType<typeof stubLabApi>) => api.requests('POST').map((request) => request.body);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Lab Console', () => {
  it('leads from /lab to /lab/console', async () => {
    stubLabApi();
    renderLab('/lab');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab Console' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current path')).toHaveTextContent('/lab/console');
  });

  it('shows the heading, subtitle, action links, capability links and Loading jobs...', async () => {
    stubLabApi();
    renderLab();
    expect(screen.getByText('Manage laboratory jobs and processes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Formulation' })).toHaveAttribute(
      'href',
      '/lab/jobs/new?type=formulate',
    );
    expect(screen.getByRole('link', { name: 'Compliance Check' })).toHaveAttribute(
      'href',
      '/lab/jobs/new?type=compliance_check',
    );
    const capabilities = screen.getByRole('navigation', { name: 'Start a job' });
    for (const title of ['Formulation', 'Compliance', 'Green Score', 'Suppliers']) {
      expect(within(capabilities).getByRole('link', { name: new RegExp(`^${title}`) })).toBeInTheDocument();
    }
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    expect(await screen.findByText('4 Jobs')).toBeInTheDocument();
  });

  it('puts the job queue before the capability cards, so a phone shows content first', async () => {
    stubLabApi();
    renderLab();
    const queue = await screen.findByRole('list', { name: 'Jobs' });
    const capabilities = screen.getByRole('navigation', { name: 'Start a job' });
    expect(queue.compareDocumentPosition(capabilities) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists jobs with title-cased type, created time, status badge and line, and Export only when succeeded', async () => {
    stubLabApi();
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
    stubLabApi();
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

  it('shows Failed to load jobs. with Retry, which loads them again', async () => {
    let up = false;
    stubFetch({
      ...labRoutes(),
      'GET /api/lab/jobs': () => (up ? { status: 200, body: LAB_JOBS } : { status: 503, body: undefined }),
    });
    const user = renderLab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('4 Jobs')).toBeInTheDocument();
  });

  it('says 1 Job for one job', async () => {
    stubLabApi({ jobs: [runningJob] });
    renderLab();
    expect(await screen.findByText('1 Job')).toBeInTheDocument();
  });

  it('opens the formulation form from New Formulation and queues nothing until confirmed', async () => {
    const api = stubLabApi();
    const user = renderLab();
    await user.click(screen.getByRole('link', { name: 'New Formulation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Lab Job' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Formulate' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Fill with sample' }));
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Queue this Formulate job?' });
    expect(dialog).toHaveTextContent('charges your workspace for each job');
    expect(posted(api)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posted(api)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    await user.click(await screen.findByRole('button', { name: 'Queue and pay' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(posted(api)).toEqual([{ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }]);
  });

  it('opens the form on the compliance check, and shows Error / Failed to create job when queuing fails', async () => {
    const api = stubLabApi({ createStatus: 500 });
    const user = renderLab();
    await user.click(screen.getByRole('link', { name: 'Compliance Check' }));
    expect(await screen.findByRole('radio', { name: 'Compliance Check' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Fill with sample' }));
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    await user.click(await screen.findByRole('button', { name: 'Queue and pay' }));
    expect(await screen.findByText('Failed to create job')).toBeInTheDocument();
    expect(posted(api)).toEqual([{ type: 'compliance_check', payload: LAB_JOB_SAMPLES.compliance_check }]);
  });

  it('shows the empty state whose Create First Job opens the form', async () => {
    const api = stubLabApi({ jobs: [] });
    const user = renderLab();
    expect(await screen.findByText('No jobs in queue')).toBeInTheDocument();
    expect(screen.getByText('0 Jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create First Job' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Lab Job' })).toBeInTheDocument();
    expect(posted(api)).toEqual([]);
  });

  it('opens a job from View', async () => {
    stubLabApi();
    const user = renderLab();
    const done = await screen.findByRole('listitem', { name: 'Compliance Check job' });
    await user.click(within(done).getByRole('button', { name: 'View' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compliance Check Job' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current path')).toHaveTextContent(`/lab/jobs/${doneJob.id}`);
  });
});

describe('Lab job detail', () => {
  it('shows the timings, the result as a summary, the raw JSON under Technical details and Export', async () => {
    const api = stubLabApi();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const user = renderLab(`/lab/jobs/${doneJob.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compliance Check Job' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Completed Successfully')).toBeInTheDocument();
    const result = screen.getByRole('region', { name: 'Result' });
    expect(within(result).getByText('Not compliant')).toBeInTheDocument();
    expect(result).toHaveTextContent('RegulationEU REACH');
    expect(result).not.toHaveTextContent('"compliant"');
    expect(screen.getByText('Technical details')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Raw result' })).toHaveTextContent('"compliant": false');
    expect(screen.getByRole('region', { name: 'Payload' })).not.toBeVisible();
    expect(screen.getByText('Attempts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(api.requests().some(({ path }) => path === `/api/lab/jobs/${doneJob.id}/export`)).toBe(true);
  });

  it('shows the error of a failed job and no result', async () => {
    stubLabApi();
    renderLab(`/lab/jobs/${failedJob.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The formula could not be parsed');
    expect(screen.queryByRole('region', { name: 'Result' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('says when a job does not exist', async () => {
    stubLabApi();
    renderLab('/lab/jobs/nope');
    expect(await screen.findByText('Job not found')).toBeInTheDocument();
  });
});

describe('New lab job form', () => {
  it('validates the inputs of the chosen type before sending', async () => {
    const api = stubLabApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Green Score' }));
    await user.clear(screen.getByLabelText('Target score'));
    await user.type(screen.getByLabelText('Target score'), '120');
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    expect(screen.getByText('Formula is required')).toBeInTheDocument();
    expect(screen.getByText('Target score must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Formula')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(api)).toEqual([]);
  });

  it('queues a supplier search with its criteria and returns to the console', async () => {
    const api = stubLabApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Supplier Search' }));
    await user.type(screen.getByLabelText('Chemical'), 'Citric Acid');
    await user.type(screen.getByLabelText('Region (optional)'), 'US');
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    await user.click(await screen.findByRole('button', { name: 'Queue and pay' }));
    expect(await screen.findByText('Job created')).toBeInTheDocument();
    expect(posted(api)).toEqual([
      { type: 'supplier_search', payload: { chemical: 'Citric Acid', criteria: { region: 'US' } } },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current path')).toHaveTextContent('/lab/console'));
  });

  it('fills the sample of the chosen type', async () => {
    const api = stubLabApi();
    const user = renderLab('/lab/jobs/new');
    await user.click(screen.getByRole('radio', { name: 'Compliance Check' }));
    await user.click(screen.getByRole('button', { name: 'Fill with sample' }));
    await user.click(screen.getByRole('button', { name: 'Queue Job' }));
    await user.click(await screen.findByRole('button', { name: 'Queue and pay' }));
    await screen.findByText('Job created');
    expect(posted(api)).toEqual([{ type: 'compliance_check', payload: LAB_JOB_SAMPLES.compliance_check }]);
  });
});
