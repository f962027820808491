import { FormField } from '@annie/ui/form-field/form-field';
import { Flex, RadioGroup, Text, TextField } from '@radix-ui/themes';
import type { FactFormValues } from '../lib/fact-form.ts';
import type { FactValueKind } from '../lib/fact-value-kind.ts';
import { FactValueInput } from './fact-value-input.tsx';

type Props = {
  values: FactFormValues;
  onChange: (changes: Partial<FactFormValues>) => void;
  /** Only a new fact takes a Name; an existing fact's key stays as it is. */
  withKey: boolean;
};

const KINDS: readonly { kind: FactValueKind; label: string; hint?: string }[] = [
  { kind: 'text', label: 'Text' },
  { kind: 'number', label: 'Number' },
  { kind: 'date', label: 'Date' },
  { kind: 'yesNo', label: 'Yes/No' },
  { kind: 'list', label: 'List', hint: 'One item per line' },
  { kind: 'fields', label: 'Fields', hint: 'One field per line, as Name: value' },
];
// Only a value stored by the assistant with nesting the other editors cannot hold opens in this one.
const ADVANCED = {
  kind: 'json',
  label: 'Structured',
  hint: 'Nested data, as the assistant stored it',
} as const;

/** The Name (new facts only), Type, Value (in the type's own input) and Unit (optional) fields. */
export function FactFields({ values, onChange, withKey }: Props) {
  const kinds = values.kind === 'json' ? [...KINDS, ADVANCED] : KINDS;
  const hint = kinds.find(({ kind }) => kind === values.kind)?.hint;
  return (
    <>
      {withKey && (
        <FormField label="Name" hint="How the assistant looks it up, e.g. company revenue">
          {(control) => (
            <TextField.Root
              {...control}
              required
              value={values.key}
              onChange={(event) => onChange({ key: event.target.value })}
            />
          )}
        </FormField>
      )}
      <Flex direction="column" gap="1">
        <Text size="2" weight="medium" id="fact-type-label">
          Type
        </Text>
        <RadioGroup.Root
          aria-labelledby="fact-type-label"
          value={values.kind}
          onValueChange={(kind) => onChange({ kind: kind as FactValueKind })}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-3)' }}
        >
          {kinds.map(({ kind, label }) => (
            <RadioGroup.Item key={kind} value={kind}>
              {label}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </Flex>
      <FormField label="Value" hint={hint}>
        {(control) => (
          <FactValueInput
            kind={values.kind}
            value={values.value}
            onChange={(value) => onChange({ value })}
            control={control}
          />
        )}
      </FormField>
      <FormField label="Unit (optional)">
        {(control) => (
          <TextField.Root
            {...control}
            placeholder="e.g., USD, kg, %"
            value={values.unit}
            onChange={(event) => onChange({ unit: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
