import type { LabJob } from '@annie/contracts/lab';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PlusIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Heading } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { jobCountLabel } from '../lib/lab-job-status.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';
import { LabJobRow } from './lab-job-row.tsx';

type Props = {
  jobs: LabJob[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onView: (job: LabJob) => void;
  onExport: (job: LabJob) => void;
  exportingId: string | undefined;
};

/** The Job Queue card: a count badge, then Loading jobs..., the empty state or the job rows. */
export function JobQueueCard({ jobs, loading, failed, onRetry, onView, onExport, exportingId }: Props) {
  return (
    <Card size="3">
      <Flex justify="between" align="center" mb="4" gap="3" wrap="wrap">
        <Flex align="center" gap="2">
          <Heading as="h2" size="5">
            Job Queue
          </Heading>
          {jobs && <Badge variant="surface">{jobCountLabel(jobs.length)}</Badge>}
        </Flex>
        <Button variant="soft" asChild>
          <Link to={LAB_PATHS.newJob}>
            <PlusIcon /> New Job
          </Link>
        </Button>
      </Flex>
      <LoadStatus
        loading={loading}
        failed={failed}
        message="Failed to load jobs."
        onRetry={onRetry}
        loadingText="Loading jobs..."
        space="6"
      >
        {!jobs || jobs.length === 0 ? (
          <EmptyState
            title="No jobs in queue"
            action={
              <Button asChild>
                <Link to={LAB_PATHS.newJob}>Create First Job</Link>
              </Button>
            }
          />
        ) : (
          <Flex asChild direction="column" gap="3" m="0" p="0">
            <ul aria-label="Jobs" style={{ listStyle: 'none' }}>
              {jobs.map((job) => (
                <LabJobRow
                  key={job.id}
                  job={job}
                  onView={onView}
                  onExport={onExport}
                  exporting={exportingId === job.id}
                />
              ))}
            </ul>
          </Flex>
        )}
      </LoadStatus>
    </Card>
  );
}
