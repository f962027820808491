import type { EngineComparison } from '@annie/contracts/usage';
import { formatMoney, formatMs } from '@annie/ui/format';
import { Box, Card, DataList, Flex, Table, Text } from '@radix-ui/themes';

const ENGINE_LABELS = { realtime: 'Realtime', live: 'GPT-Live' } as const;
const dash = '—';

type EngineFigures = EngineComparison['engines'][number];

/** One engine's figures in words, as the table's columns name them. */
function figuresOf(engine: EngineFigures, currency: string): [string, string][] {
  return [
    ['Calls', String(engine.calls)],
    ['Median response', engine.latency ? formatMs(engine.latency.p50) : dash],
    ['p95 response', engine.latency ? formatMs(engine.latency.p95) : dash],
    ['Interruptions / min', String(engine.interruptionsPerMinute ?? dash)],
    ['Tool failures', `${engine.toolFailures} of ${engine.toolRuns}`],
    ['Cost / min', engine.costPerMinute === null ? dash : formatMoney(engine.costPerMinute, currency)],
  ];
}

/**
 * The two voice engines side by side over the same period: how they answered, and what a minute cost.
 * A phone gets one card per engine (seven columns do not fit it).
 */
export function EngineComparisonTable({ comparison }: { comparison: EngineComparison }) {
  return (
    <>
      <Text as="p" size="1" color="gray">
        {comparison.profile
          ? `Calls the profile ${comparison.profile.name} ran, by the engine each call ran on.`
          : 'Every call, by the engine each call ran on.'}
      </Text>
      <Box display={{ initial: 'none', sm: 'block' }}>
        <EnginesTable comparison={comparison} />
      </Box>
      <Flex asChild direction="column" gap="2" m="0" p="0" display={{ initial: 'flex', sm: 'none' }}>
        <ul aria-label="Engines compared, by engine" style={{ listStyle: 'none' }}>
          {comparison.engines.map((engine) => (
            <Card asChild key={engine.engine}>
              <li>
                <Text as="p" size="2" weight="medium" mb="2">
                  {ENGINE_LABELS[engine.engine]}
                </Text>
                <DataList.Root size="1" orientation="horizontal">
                  {figuresOf(engine, comparison.currency).map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.Label minWidth="120px">{label}</DataList.Label>
                      <DataList.Value>{value}</DataList.Value>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </li>
            </Card>
          ))}
        </ul>
      </Flex>
    </>
  );
}

function EnginesTable({ comparison }: { comparison: EngineComparison }) {
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
