import { FormField } from '@annie/ui/form-field/form-field';
import { TextArea, TextField } from '@radix-ui/themes';
import type { FactFormValues } from '../lib/fact-form.ts';

type Props = {
  values: FactFormValues;
  onChange: (changes: Partial<FactFormValues>) => void;
  /** Only a new fact takes a Key; an existing fact's key stays as it is. */
  withKey: boolean;
};

/** The Key (new facts only), Value (JSON format) and Unit (optional) fields of the fact dialogs. */
export function FactFields({ values, onChange, withKey }: Props) {
  return (
    <>
      {withKey && (
        <FormField label="Key">
          {(control) => (
            <TextField.Root
              {...control}
              required
              placeholder="e.g., company_revenue"
              value={values.key}
              onChange={(event) => onChange({ key: event.target.value })}
            />
          )}
        </FormField>
      )}
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
    </>
  );
}
