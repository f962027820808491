import type { EngineComparison } from '@annie/api-client/contracts/usage';
import { formatMoney, formatMs } from '@annie/ui/format';
import { Table } from '@radix-ui/themes';

const ENGINE_LABELS = { realtime: 'Realtime', live: 'GPT-Live' } as const;
const dash = '—';

/** The two voice engines side by side over the same period: how they answered, and what a minute cost. */
export function EngineComparisonTable({ comparison }: { comparison: EngineComparison }) {
  return (
    <Table.Root size="1" variant="surface" aria-label="Engines compared">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Engine</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Calls</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Median response</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">p95 response</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Interruptions / min</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Tool failures</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Cost / min</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {comparison.engines.map((engine) => (
          <Table.Row key={engine.engine}>
            <Table.RowHeaderCell>{ENGINE_LABELS[engine.engine]}</Table.RowHeaderCell>
            <Table.Cell justify="end">{engine.calls}</Table.Cell>
            <Table.Cell justify="end">{engine.latency ? formatMs(engine.latency.p50) : dash}</Table.Cell>
            <Table.Cell justify="end">{engine.latency ? formatMs(engine.latency.p95) : dash}</Table.Cell>
            <Table.Cell justify="end">{engine.interruptionsPerMinute ?? dash}</Table.Cell>
            <Table.Cell justify="end">
              {engine.toolFailures} of {engine.toolRuns}
            </Table.Cell>
            <Table.Cell justify="end">
              {engine.costPerMinute === null ? dash : formatMoney(engine.costPerMinute, comparison.currency)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
