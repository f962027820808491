import { LAB_JOB_SAMPLES } from '@annie/api-client/contracts/lab';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { CheckCircledIcon, MixIcon } from '@radix-ui/react-icons';
import { Box, Button } from '@radix-ui/themes';
import { useNavigate } from 'react-router-dom';
import { useLabJobs } from '../api/use-lab-jobs.ts';
import { JobQueueCard } from '../components/job-queue-card.tsx';
import { LabInfoCards } from '../components/lab-info-cards.tsx';
import { useExportLabJobFile } from '../hooks/use-export-lab-job-file.ts';
import { useQueueLabJob } from '../hooks/use-queue-lab-job.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';

/** The Lab Console (/lab/console): canned-job buttons, the capability cards and the live job queue. */
export function LabConsolePage() {
  const jobs = useLabJobs();
  const { queue, pending } = useQueueLabJob();
  const { exportJob, exportingId } = useExportLabJobFile();
  const navigate = useNavigate();
  const queueFormulation = () => queue({ type: 'formulate', payload: LAB_JOB_SAMPLES.formulate });

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Lab Console"
        subtitle="Manage laboratory jobs and processes"
        actions={
          <>
            <Button onClick={queueFormulation} disabled={pending}>
              <MixIcon /> New Formulation
            </Button>
            <Button
              variant="soft"
              onClick={() => queue({ type: 'compliance_check', payload: LAB_JOB_SAMPLES.compliance_check })}
              disabled={pending}
            >
              <CheckCircledIcon /> Compliance Check
            </Button>
          </>
        }
      />
      <LabInfoCards />
      <JobQueueCard
        jobs={jobs.data}
        loading={jobs.isPending}
        failed={jobs.isError}
        onRetry={() => void jobs.refetch()}
        onCreateFirst={queueFormulation}
        creating={pending}
        onView={(job) => navigate(LAB_PATHS.job(job.id))}
        onExport={(job) => exportJob(job.id)}
        exportingId={exportingId}
      />
    </Box>
  );
}
