import { FormField } from '@annie/ui/form-field/form-field';
import { TextArea, TextField } from '@radix-ui/themes';
import type { FactFormValues } from '../lib/fact-form.ts';
import { ShareableField } from './shareable-field.tsx';

type Props = {
  values: Pick<FactFormValues, 'value' | 'unit' | 'shareable'>;
  onChange: (changes: Partial<FactFormValues>) => void;
};

/** The Value (JSON format), Unit (optional) and Shareable fields shared by the add and edit fact dialogs. */
export function FactFields({ values, onChange }: Props) {
  return (
    <>
      <FormField label="Value (JSON format)">
        {(control) => (
          <TextArea
            {...control}
            required
            rows={4}
            placeholder='{"amount": 1000000} or plain text'
            value={values.value}
            onChange={(event) => onChange({ value: event.target.value })}
            style={{ fontFamily: 'var(--code-font-family)' }}
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
      <ShareableField checked={values.shareable} onChange={(shareable) => onChange({ shareable })} />
    </>
  );
}
