import type { JsonValue } from '@annie/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { DataList, Text } from '@radix-ui/themes';
import { humanLabel } from '../lib/fact-label.ts';
import { isIsoDate } from '../lib/fact-value-kind.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function scalarText(value: JsonValue, unit: string | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return [value.toLocaleString('en-US'), unit].filter(Boolean).join(' ');
  if (typeof value === 'string' && isIsoDate(value)) {
    // A calendar date is shown as that day wherever the reader is (read as UTC midnight, shown in UTC).
    return DATE_ONLY.test(value)
      ? new Date(`${value}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
      : formatDateTime(value);
  }
  return [String(value), unit].filter(Boolean).join(' ');
}

/**
 * A fact's value as the business reads it: text as text, numbers grouped with their unit, dates as
 * dates, Yes/No, a list as a list and an object as labelled fields; never JSON.
 */
export function FactValue({ value, unit = null }: { value: JsonValue; unit?: string | null }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <Text color="gray">No items</Text>;
    return (
      <ul style={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
        {value.map((item, index) => (
          <Text as="div" size="2" key={index} asChild>
            <li>
              <FactValue value={item} />
            </li>
          </Text>
        ))}
      </ul>
    );
  }
  if (value !== null && typeof value === 'object') {
    return (
      <DataList.Root size="1" orientation="horizontal">
        {Object.entries(value).map(([key, field]) => (
          <DataList.Item key={key}>
            <DataList.Label minWidth="88px">{humanLabel(key)}</DataList.Label>
            <DataList.Value>
              <FactValue value={field} />
            </DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    );
  }
  return (
    <Text size="2" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {scalarText(value, unit)}
    </Text>
  );
}
