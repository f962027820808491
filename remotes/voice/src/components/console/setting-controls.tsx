import { FormField } from '@annie/ui/form-field/form-field';
import { Flex, Select, Slider, Text, TextField } from '@radix-ui/themes';

type Range = { min: number; max: number; step: number };

/** A labelled slider with its current value, held to the setting's range and step. */
export function SliderSetting({
  label,
  value,
  range,
  onChange,
}: {
  label: string;
  value: number;
  range: Range;
  onChange: (value: number) => void;
}) {
  // Radix Themes gives the slider's thumb no name of its own; the labelled group carries it.
  return (
    <Flex direction="column" gap="2" role="group" aria-label={label}>
      <Flex justify="between">
        <Text size="2" weight="medium">
          {label}
        </Text>
        <Text size="2" color="gray">
          {value}
        </Text>
      </Flex>
      <Slider
        aria-label={label}
        value={[value]}
        min={range.min}
        max={range.max}
        step={range.step}
        // Float steps drift (0.1 + 0.2); round to the step's decimals.
        onValueChange={([next]) => next !== undefined && onChange(Number(next.toFixed(2)))}
      />
    </Flex>
  );
}

/** A number input with the setting's range and step; an emptied box falls back to `fallback`. */
export function NumberSetting({
  label,
  value,
  range,
  fallback,
  onChange,
}: {
  label: string;
  value: number | string;
  range: Range;
  fallback: number;
  onChange: (value: number) => void;
}) {
  return (
    <FormField label={label} hint={`${range.min}–${range.max}, step ${range.step}`}>
      {(control) => (
        <TextField.Root
          {...control}
          type="number"
          min={range.min}
          max={range.max}
          step={range.step}
          value={String(value)}
          onChange={(event) => onChange(event.target.value === '' ? fallback : Number(event.target.value))}
        />
      )}
    </FormField>
  );
}

/** A labelled select over a fixed list of values. */
export function ChoiceSetting<T extends string>({
  label,
  value,
  options,
  onChange,
  labelOf = (option) => option,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  labelOf?: (option: T) => string;
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select.Root value={value} onValueChange={(next) => onChange(next as T)}>
          <Select.Trigger {...control} aria-label={label} />
          <Select.Content>
            {options.map((option) => (
              <Select.Item key={option} value={option}>
                {labelOf(option)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      )}
    </FormField>
  );
}
