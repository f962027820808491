import type { LabJob } from '@annie/contracts/lab';
import { formatDateTime, titleCase } from '@annie/ui/format';
import { DownloadIcon, EyeOpenIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Text } from '@radix-ui/themes';
import { LAB_JOB_STATUS_VIEW } from '../lib/lab-job-status.ts';
import { LabJobStatusBadge } from './lab-job-status-badge.tsx';

type Props = {
  job: LabJob;
  onView: (job: LabJob) => void;
  onExport: (job: LabJob) => void;
  exporting: boolean;
};

/** One job in the queue: type, created time, status badge and line, View, and Export once it succeeded. */
export function LabJobRow({ job, onView, onExport, exporting }: Props) {
  const type = titleCase(job.type);
  return (
    <Card asChild>
      <li aria-label={`${type} job`}>
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Flex direction="column" gap="1" minWidth="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text weight="bold">{type}</Text>
              <LabJobStatusBadge status={job.status} />
            </Flex>
            <Text size="2" color="gray">
              Created {formatDateTime(job.createdAt)}
            </Text>
            <Text size="2" color={job.status === 'failed' ? 'red' : undefined}>
              {LAB_JOB_STATUS_VIEW[job.status].line}
            </Text>
            {job.status === 'failed' && job.error && (
              <Text size="1" color="red">
                {job.error}
              </Text>
            )}
          </Flex>
          <Flex gap="2">
            <Button variant="soft" onClick={() => onView(job)}>
              <EyeOpenIcon /> View
            </Button>
            {job.status === 'succeeded' && (
              <Button variant="soft" color="green" onClick={() => onExport(job)} loading={exporting}>
                <DownloadIcon /> Export
              </Button>
            )}
          </Flex>
        </Flex>
      </li>
    </Card>
  );
}
