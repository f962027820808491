import type { UsageReport } from '@annie/contracts/usage';
import { formatMinutesSeconds, USAGE_CHANNEL_LABELS, usageUserLabel } from '@annie/contracts/usage-words';
import { formatMoney } from '@annie/ui/format';
import { Table } from '@radix-ui/themes';

type Props = { report: UsageReport };

const rowKey = (row: UsageReport['rows'][number]) => `${row.period}-${row.userId ?? 'none'}-${row.channel}`;

/** The usage report as a table: one row per period, user and channel, minutes as m:ss, and the totals. */
export function UsageTable({ report }: Props) {
  const { totals } = report;
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
          <Table.Row key={rowKey(row)}>
            <Table.Cell>{row.period}</Table.Cell>
            <Table.Cell>{usageUserLabel(row)}</Table.Cell>
            <Table.Cell>{USAGE_CHANNEL_LABELS[row.channel]}</Table.Cell>
            <Table.Cell justify="end">{row.calls}</Table.Cell>
            <Table.Cell justify="end">{formatMinutesSeconds(row.seconds)}</Table.Cell>
            <Table.Cell justify="end">{row.texts}</Table.Cell>
            <Table.Cell justify="end">{row.tokens.toLocaleString('en-US')}</Table.Cell>
            <Table.Cell justify="end">{formatMoney(row.cost, report.currency)}</Table.Cell>
          </Table.Row>
        ))}
        <Table.Row>
          <Table.RowHeaderCell colSpan={3}>Total</Table.RowHeaderCell>
          <Table.Cell justify="end">{totals.calls}</Table.Cell>
          <Table.Cell justify="end">{formatMinutesSeconds(totals.seconds)}</Table.Cell>
          <Table.Cell justify="end">{totals.texts}</Table.Cell>
          <Table.Cell justify="end">{totals.tokens.toLocaleString('en-US')}</Table.Cell>
          <Table.Cell justify="end">{formatMoney(totals.cost, report.currency)}</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

export { rowKey as usageRowKey };
