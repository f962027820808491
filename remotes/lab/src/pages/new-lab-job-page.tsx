import { LAB_JOB_TYPES, type LabJobType } from '@annie/contracts/lab';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { ArrowLeftIcon } from '@radix-ui/react-icons';
import { Box, Link as ThemeLink } from '@radix-ui/themes';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { NewLabJobForm } from '../components/new-lab-job-form.tsx';
import { useQueueLabJob } from '../hooks/use-queue-lab-job.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';

/** The new-job form (/lab/jobs/new, ?type= opens it on a job type); once queued, back to the console where the job appears. */
export function NewLabJobPage() {
  const { queue, pending } = useQueueLabJob();
  const navigate = useNavigate();
  const toConsole = () => navigate(LAB_PATHS.console);
  // From the URL's query (the shell shares useLocation with remotes, not useSearchParams).
  const requested = new URLSearchParams(useLocation().search).get('type');
  const initialType = LAB_JOB_TYPES.find((type): type is LabJobType => type === requested);

  return (
    <Box p={{ initial: '4', md: '6' }} maxWidth="720px">
      <ThemeLink asChild size="2" mb="4" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <Link to={LAB_PATHS.console}>
          <ArrowLeftIcon /> Back to Lab Console
        </Link>
      </ThemeLink>
      <PageHeader
        title="New Lab Job"
        subtitle="Queue a formulation, compliance check, green score or supplier search"
      />
      <NewLabJobForm
        initialType={initialType}
        onSubmit={(request) => queue(request, toConsole)}
        onCancel={toConsole}
        pending={pending}
      />
    </Box>
  );
}
