import type { RemoteLoadReport } from '@annie/contracts/remote-releases';
import { formatDateTime } from '@annie/ui/format';
import { Badge, Card, Heading, Table, Text } from '@radix-ui/themes';
import { REMOTE_LABELS } from './release-words.ts';

/** The latest load failures browsers reported, newest first, and whether each counted toward a rollback. */
export function LoadReports({ reports }: { reports: RemoteLoadReport[] }) {
  return (
    <Card size="2" aria-label="Load failures reported">
      <Heading as="h2" size="4" mb="2">
        Load failures reported
      </Heading>
      {reports.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No browser has reported a version it could not load.
        </Text>
      ) : (
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Toward rollback</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Message</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {reports.map((report, index) => (
              <Table.Row key={`${report.at}-${index}`}>
                <Table.Cell>{formatDateTime(report.at)}</Table.Cell>
                <Table.Cell>
                  {REMOTE_LABELS[report.remote]} {report.version}
                </Table.Cell>
                <Table.Cell>
                  <Badge color={report.counted ? 'red' : 'gray'}>
                    {report.counted ? 'Counted' : 'Not counted'}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{report.message || '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}
