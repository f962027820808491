import { FormField } from '@annie/ui/form-field/form-field';
import { TextArea, TextField } from '@radix-ui/themes';
import type { LabJobFormErrors, LabJobFormField, LabJobFormValues } from '../lib/lab-job-form.ts';

type Props = {
  values: LabJobFormValues;
  errors: LabJobFormErrors;
  onChange: (field: LabJobFormField, value: string) => void;
};

type FieldSpec = {
  field: LabJobFormField;
  label: string;
  hint?: string;
  multiline?: boolean;
  inputMode?: 'numeric';
};

const FIELDS: Record<LabJobFormValues['type'], FieldSpec[]> = {
  formulate: [
    { field: 'compounds', label: 'Compounds', hint: 'One compound per line', multiline: true },
    { field: 'target', label: 'Target', hint: 'What the formulation is for' },
  ],
  compliance_check: [
    { field: 'regulation', label: 'Regulation', hint: 'For example EU REACH' },
    { field: 'compounds', label: 'Compounds', hint: 'One compound per line', multiline: true },
  ],
  green_score: [
    { field: 'formula', label: 'Formula', hint: 'Ingredients with their shares', multiline: true },
    { field: 'targetScore', label: 'Target score', hint: 'From 0 to 100', inputMode: 'numeric' },
  ],
  supplier_search: [
    { field: 'chemical', label: 'Chemical' },
    { field: 'region', label: 'Region (optional)', hint: 'For example EU, US or APAC' },
    { field: 'certifications', label: 'Certifications (optional)', hint: 'Comma-separated' },
    { field: 'maxLeadTimeDays', label: 'Maximum lead time in days (optional)', inputMode: 'numeric' },
  ],
};

/** The inputs of the selected job type. */
export function LabJobFields({ values, errors, onChange }: Props) {
  return FIELDS[values.type].map(({ field, label, hint, multiline, inputMode }) => (
    <FormField key={`${values.type}-${field}`} label={label} hint={hint} error={errors[field]}>
      {(control) =>
        multiline ? (
          <TextArea
            {...control}
            rows={5}
            value={values[field]}
            onChange={(event) => onChange(field, event.target.value)}
          />
        ) : (
          <TextField.Root
            {...control}
            value={values[field]}
            inputMode={inputMode}
            onChange={(event) => onChange(field, event.target.value)}
          />
        )
      }
    </FormField>
  ));
}
