import { isApiError } from '@annie/api-client/http';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { SectionSpinner } from '@annie/ui/load-status/load-status';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Box, Button, Link as ThemeLink } from '@radix-ui/themes';
import { Link, useParams } from 'react-router-dom';
import { useLabJob } from '../api/use-lab-job.ts';
import { LabJobDetail } from '../components/lab-job-detail.tsx';
import { useExportLabJobFile } from '../hooks/use-export-lab-job-file.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';

/** A job's detail (/lab/jobs/:id), live while it runs. */
export function LabJobPage() {
  const { id = '' } = useParams();
  const job = useLabJob(id);
  const { exportJob, exportingId } = useExportLabJobFile();

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <ThemeLink asChild size="2" mb="4" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Link to={LAB_PATHS.console}>
          <ArrowLeftIcon /> Back to Lab Console
        </Link>
      </ThemeLink>
      {job.isPending ? (
        <SectionSpinner />
      ) : job.isError ? (
        isApiError(job.error) && job.error.status === 404 ? (
          <EmptyState title="Job not found" description="It may belong to another workspace." />
        ) : (
          <EmptyState
            title="Failed to load the job"
            action={
              <Button variant="soft" onClick={() => void job.refetch()}>
                Retry
              </Button>
            }
          />
        )
      ) : (
        <LabJobDetail
          job={job.data}
          onExport={() => exportJob(job.data.id)}
          exporting={exportingId === job.data.id}
        />
      )}
    </Box>
  );
}
