import { PageHeader } from '@annie/ui/page-header/page-header';
import { CheckCircledIcon, MixIcon } from '@radix-ui/react-icons';
import { Box, Button } from '@radix-ui/themes';
import { Link, useNavigate } from 'react-router-dom';
import { useLabJobs } from '../api/use-lab-jobs.ts';
import { JobQueueCard } from '../components/job-queue-card.tsx';
import { LabInfoCards } from '../components/lab-info-cards.tsx';
import { useExportLabJobFile } from '../hooks/use-export-lab-job-file.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';

/**
 * The Lab Console (/lab/console): the job queue first (on a phone it is what the user came for), then
 * the capabilities. Every action opens the form: a job calls a paid provider, so none is queued in one
 * click.
 */
export function LabConsolePage() {
  const jobs = useLabJobs();
  const { exportJob, exportingId } = useExportLabJobFile();
  const navigate = useNavigate();

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Lab Console"
        subtitle="Manage laboratory jobs and processes"
        actions={
          <>
            <Button asChild>
              <Link to={LAB_PATHS.newJobOfType('formulate')}>
                <MixIcon /> New Formulation
              </Link>
            </Button>
            <Button variant="soft" asChild>
              <Link to={LAB_PATHS.newJobOfType('compliance_check')}>
                <CheckCircledIcon /> Compliance Check
              </Link>
            </Button>
          </>
        }
      />
      <JobQueueCard
        jobs={jobs.data}
        loading={jobs.isPending}
        failed={jobs.isError}
        onRetry={() => void jobs.refetch()}
        onView={(job) => navigate(LAB_PATHS.job(job.id))}
        onExport={(job) => exportJob(job.id)}
        exportingId={exportingId}
      />
      <LabInfoCards />
    </Box>
  );
}
