import type { UsageReport } from '@annie/contracts/usage';
import { formatMinutesSeconds, USAGE_CHANNEL_LABELS, usageUserLabel } from '@annie/contracts/usage-words';
import { formatMoney } from '@annie/ui/format';
import { Card, DataList, Flex, Text } from '@radix-ui/themes';
import { usageRowKey } from './usage-table.tsx';

/** One card's figures: every column of the table, so nothing is cut off on a phone. */
function Figures({ items }: { items: [string, string][] }) {
  return (
    <DataList.Root size="1" orientation="horizontal">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.Label minWidth="72px">{label}</DataList.Label>
          <DataList.Value>{value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** The usage table for a phone: one stacked card per row, then the totals. */
export function UsageCards({ report }: { report: UsageReport }) {
  const money = (amount: number) => formatMoney(amount, report.currency);
  const { totals } = report;
  return (
    <Flex asChild direction="column" gap="2" m="0" p="0">
      <ul aria-label="Usage by period" style={{ listStyle: 'none' }}>
        {report.rows.map((row) => (
          <Card asChild key={usageRowKey(row)}>
            <li>
              <Flex justify="between" gap="2" mb="2">
                <Text size="2" weight="medium">
                  {row.period}
                </Text>
                <Text size="2" color="gray">
                  {usageUserLabel(row)} · {USAGE_CHANNEL_LABELS[row.channel]}
                </Text>
              </Flex>
              <Figures
                items={[
                  ['Calls', String(row.calls)],
                  ['Minutes', formatMinutesSeconds(row.seconds)],
                  ['Texts', String(row.texts)],
                  ['Tokens', row.tokens.toLocaleString('en-US')],
                  ['Cost', money(row.cost)],
                ]}
              />
            </li>
          </Card>
        ))}
        <Card asChild>
          <li>
            <Text as="p" size="2" weight="medium" mb="2">
              Total
            </Text>
            <Figures
              items={[
                ['Calls', String(totals.calls)],
                ['Minutes', formatMinutesSeconds(totals.seconds)],
                ['Texts', String(totals.texts)],
                ['Tokens', totals.tokens.toLocaleString('en-US')],
                ['Cost', money(totals.cost)],
              ]}
            />
          </li>
        </Card>
      </ul>
    </Flex>
  );
}
