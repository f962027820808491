import type { RemoteAuditEntry } from '@annie/api-client/contracts/remote-releases';
import { Card, Heading, Table } from '@radix-ui/themes';

/** Every change to the releases, newest first: who did what, to which version, and why. */
export function AuditLog({ entries }: { entries: RemoteAuditEntry[] }) {
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="2">
        Audit log
      </Heading>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Remote</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Detail</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id}>
              <Table.Cell>{new Date(entry.at).toLocaleString()}</Table.Cell>
              <Table.Cell>{entry.remote}</Table.Cell>
              <Table.Cell>
                {entry.action} {entry.version ?? ''}
              </Table.Cell>
              <Table.Cell>{entry.actor}</Table.Cell>
              <Table.Cell>{entry.detail}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Card>
  );
}
