import type { FormControlProps } from '@annie/ui/form-field/form-field';
import { RadioGroup, TextArea, TextField } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { FactValueKind } from '../lib/fact-value-kind.ts';

type Props = {
  kind: FactValueKind;
  value: string;
  onChange: (value: string) => void;
  control: FormControlProps;
};

/** The Value input of a kind: a text box, a number or date input, Yes/No, or one line per item or field. */
export function FactValueInput({ kind, value, onChange, control }: Props): ReactElement {
  switch (kind) {
    case 'number':
      return (
        <TextField.Root
          {...control}
          type="number"
          step="any"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'date':
      return (
        <TextField.Root
          {...control}
          type="date"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'yesNo':
      return (
        <RadioGroup.Root
          {...control}
          value={value === 'yes' ? 'yes' : 'no'}
          onValueChange={onChange}
          style={{ display: 'flex', gap: 'var(--space-4)' }}
        >
          <RadioGroup.Item value="yes">Yes</RadioGroup.Item>
          <RadioGroup.Item value="no">No</RadioGroup.Item>
        </RadioGroup.Root>
      );
    case 'text':
      return (
        <TextArea
          {...control}
          required
          rows={2}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return (
        <TextArea
          {...control}
          required
          rows={5}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          style={kind === 'json' ? { fontFamily: 'var(--code-font-family)' } : undefined}
        />
      );
  }
}
