import type { RemoteAuditEntry } from '@annie/contracts/remote-releases';
import { formatDateTime } from '@annie/ui/format';
import { Card, Heading, Table } from '@radix-ui/themes';
import { AUDIT_ACTION_LABELS, actorInWords, REMOTE_LABELS, withReadableDates } from './release-words.ts';

/** Every change to the releases, newest first: who did what, to which version, and why. */
export function AuditLog({ entries }: { entries: RemoteAuditEntry[] }) {
  return (
    <Card size="2" aria-label="Audit log">
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
              <Table.Cell>{formatDateTime(entry.at)}</Table.Cell>
              <Table.Cell>{REMOTE_LABELS[entry.remote]}</Table.Cell>
              <Table.Cell>
                {AUDIT_ACTION_LABELS[entry.action]}
                {entry.version ? `: ${entry.version}` : ''}
              </Table.Cell>
              <Table.Cell>{actorInWords(entry.actor)}</Table.Cell>
              <Table.Cell>{withReadableDates(entry.detail)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Card>
  );
}
