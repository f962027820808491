import type { UsageReport } from '@annie/api-client/contracts/usage';
import { formatMoney } from '@annie/ui/format';
import { Table } from '@radix-ui/themes';

type Props = { report: UsageReport };

const CHANNELS: Record<string, string> = { twilio: 'Phone', webrtc: 'Browser', web: 'Typed', sms: 'SMS' };

/** Texts belong to the tenant (no user); a call without a user was made by a since-deleted user. */
const userLabel = (row: UsageReport['rows'][number]) =>
  row.username ?? (row.channel === 'sms' ? 'Shared' : 'Deleted user');

/** The usage report as a table: one row per period, user and channel, and a total. */
export function UsageTable({ report }: Props) {
  const total = report.rows.reduce((sum, row) => sum + row.cost, 0);
  return (
    <Table.Root size="1" variant="surface" aria-label="Usage">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Channel</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Calls</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Minutes</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Texts</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Tokens</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Cost</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {report.rows.map((row) => (
          <Table.Row key={`${row.period}-${row.userId ?? 'deleted'}-${row.channel}`}>
            <Table.Cell>{row.period}</Table.Cell>
            <Table.Cell>{userLabel(row)}</Table.Cell>
            <Table.Cell>{CHANNELS[row.channel] ?? row.channel}</Table.Cell>
            <Table.Cell justify="end">{row.calls}</Table.Cell>
            <Table.Cell justify="end">{row.minutes}</Table.Cell>
            <Table.Cell justify="end">{row.texts}</Table.Cell>
            <Table.Cell justify="end">{row.tokens.toLocaleString('en-US')}</Table.Cell>
            <Table.Cell justify="end">{formatMoney(row.cost, report.currency)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.RowHeaderCell colSpan={7}>Total</Table.RowHeaderCell>
          <Table.Cell justify="end">{formatMoney(total, report.currency)}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}
