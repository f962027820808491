import { CHANNEL_WORDS, DIRECTION_WORDS, OUTCOME_WORDS, SORT_WORDS } from '@annie/contracts/call-log-words';
import { CALL_LOG_SORTS, CALL_OUTCOMES } from '@annie/contracts/call-logs';
import { CALL_CHANNELS, CALL_DIRECTIONS } from '@annie/contracts/calls';
import { DownloadIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import type { ChangeEvent, ReactNode } from 'react';
import type { CallLogFilterValues } from '../../lib/call-log-filters.ts';
import './call-logs.css';

type Props = {
  values: CallLogFilterValues;
  /** A change of any filter (the page goes back to the first). */
  onChange: (values: CallLogFilterValues) => void;
  onExport: () => void;
  exporting: boolean;
};

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text as="label" size="1" color="gray" className="annie-call-log-filter">
      {label}
      {children}
    </Text>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  words,
  any,
  onChange,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  words: Record<T, string>;
  any?: string;
  onChange: (value: T | '') => void;
}) {
  return (
    <Labelled label={label}>
      <select
        className="annie-call-log-select"
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as T | '')}
      >
        {any !== undefined && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {words[option]}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/**
 * Call Logs' filters: words said (searched over the transcripts), contact, direction, channel, outcome,
 * dates and sort, with CSV export of what they select.
 */
export function CallLogFilters({ values, onChange, onExport, exporting }: Props) {
  const set = <K extends keyof CallLogFilterValues>(key: K, value: CallLogFilterValues[K]) =>
    onChange({ ...values, [key]: value, page: 0 });
  return (
    <Flex direction="column" gap="3" mb="4">
      <Flex gap="3" wrap="wrap" align="end">
        <TextField.Root
          size="2"
          type="search"
          placeholder="Search what was said…"
          aria-label="Search transcripts"
          value={values.q}
          onChange={(event) => set('q', event.target.value)}
          style={{ flex: '1 1 16rem' }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <TextField.Root
          size="2"
          placeholder="Contact name or number"
          aria-label="Contact"
          value={values.contact}
          onChange={(event) => set('contact', event.target.value)}
          style={{ flex: '1 1 12rem' }}
        />
        <Button variant="soft" onClick={onExport} loading={exporting}>
          <DownloadIcon /> Export CSV
        </Button>
      </Flex>
      <Flex gap="3" wrap="wrap" align="end">
        <Choice
          label="Direction"
          value={values.direction}
          options={CALL_DIRECTIONS}
          words={DIRECTION_WORDS}
          any="Any"
          onChange={(value) => set('direction', value)}
        />
        <Choice
          label="Channel"
          value={values.channel}
          options={CALL_CHANNELS}
          words={CHANNEL_WORDS}
          any="Any"
          onChange={(value) => set('channel', value)}
        />
        <Choice
          label="Outcome"
          value={values.outcome}
          options={CALL_OUTCOMES}
          words={OUTCOME_WORDS}
          any="Any"
          onChange={(value) => set('outcome', value)}
        />
        <Labelled label="From">
          <input
            className="annie-call-log-select"
            type="date"
            value={values.from}
            max={values.to || undefined}
            onChange={(event) => set('from', event.target.value)}
          />
        </Labelled>
        <Labelled label="To">
          <input
            className="annie-call-log-select"
            type="date"
            value={values.to}
            min={values.from || undefined}
            onChange={(event) => set('to', event.target.value)}
          />
        </Labelled>
        <Choice
          label="Sort"
          value={values.sort}
          options={CALL_LOG_SORTS}
          words={SORT_WORDS}
          onChange={(value) => set('sort', value || 'newest')}
        />
      </Flex>
    </Flex>
  );
}
