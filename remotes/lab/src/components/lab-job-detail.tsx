import type { LabJob } from '@annie/contracts/lab';
import { formatDateTime, titleCase } from '@annie/ui/format';
import { JsonBlock } from '@annie/ui/json-block/json-block';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { CrossCircledIcon, DownloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, DataList, Flex, Text } from '@radix-ui/themes';
import { LAB_JOB_STATUS_VIEW } from '../lib/lab-job-status.ts';
import { LabJobStatusBadge } from './lab-job-status-badge.tsx';
import { LabResultSummaryCard } from './lab-result-summary-card.tsx';

type Props = { job: LabJob; onExport: () => void; exporting: boolean };

const orDash = (value: string | null) => (value ? formatDateTime(value) : '—');

/** A job in full: status, timings, the answer summarised (or the error), and the raw JSON folded away. */
export function LabJobDetail({ job, onExport, exporting }: Props) {
  return (
    <>
      <PageHeader
        title={`${titleCase(job.type)} Job`}
        subtitle={LAB_JOB_STATUS_VIEW[job.status].line}
        actions={
          job.status === 'succeeded' && (
            <Button color="green" highContrast onClick={onExport} loading={exporting}>
              <DownloadIcon /> Export
            </Button>
          )
        }
      />
      <Flex direction="column" gap="4">
        <Card>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>Status</DataList.Label>
              <DataList.Value>
                <LabJobStatusBadge status={job.status} />
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Created</DataList.Label>
              <DataList.Value>{formatDateTime(job.createdAt)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Started</DataList.Label>
              <DataList.Value>{orDash(job.startedAt)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Finished</DataList.Label>
              <DataList.Value>{orDash(job.finishedAt)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Attempts</DataList.Label>
              <DataList.Value>{job.attempts}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
        {job.error && (
          <Callout.Root color={job.status === 'failed' ? 'red' : 'amber'} role="alert">
            <Callout.Icon>
              <CrossCircledIcon />
            </Callout.Icon>
            <Callout.Text>
              {job.status === 'failed' ? job.error : `Last attempt failed, retrying: ${job.error}`}
            </Callout.Text>
          </Callout.Root>
        )}
        {job.status === 'succeeded' ? (
          <LabResultSummaryCard job={job} />
        ) : (
          job.status !== 'failed' && (
            <Text as="p" color="gray">
              The result appears here when the job has finished.
            </Text>
          )
        )}
        {/* The raw exchange with the provider, for whoever needs to check it; folded away by default. */}
        <details>
          <Text as="span" size="2" weight="medium" asChild>
            <summary style={{ cursor: 'pointer' }}>Technical details</summary>
          </Text>
          <Flex direction="column" gap="3" mt="3">
            <JsonBlock title="Payload" value={job.payload} />
            {job.status === 'succeeded' && <JsonBlock title="Raw result" value={job.result} />}
          </Flex>
        </details>
      </Flex>
    </>
  );
}
