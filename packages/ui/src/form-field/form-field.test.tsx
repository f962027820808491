import { TextField, Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField, type FormFieldProps } from './form-field.tsx';

function renderField(props: Omit<FormFieldProps, 'children'>) {
  render(
    <Theme>
      <FormField {...props}>{(control) => <TextField.Root {...control} />}</FormField>
    </Theme>,
  );
  return screen.getByRole('textbox');
}

describe('FormField', () => {
  it('names the control by its label', () => {
    renderField({ label: 'Chemical' });
    expect(screen.getByLabelText('Chemical')).toBe(screen.getByRole('textbox'));
  });

  it('describes the control by its hint and leaves it valid', () => {
    const input = renderField({ label: 'Compounds', hint: 'One compound per line' });
    expect(input).toHaveAccessibleDescription('One compound per line');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error in place of the hint and marks the control invalid', () => {
    const input = renderField({
      label: 'Target score',
      hint: 'From 0 to 100',
      error: 'Target score must be between 0 and 100',
    });
    expect(input).toHaveAccessibleDescription('Target score must be between 0 and 100');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('From 0 to 100')).not.toBeInTheDocument();
  });

  it('gives the control no description without a hint or error', () => {
    const input = renderField({ label: 'Key' });
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('gives each field its own ids', () => {
    render(
      <Theme>
        <FormField label="Region">{(control) => <TextField.Root {...control} />}</FormField>
        <FormField label="Chemical">{(control) => <TextField.Root {...control} />}</FormField>
      </Theme>,
    );
    expect(screen.getByLabelText('Region')).not.toBe(screen.getByLabelText('Chemical'));
  });
});
