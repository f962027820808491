import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useId } from 'react';

/** What a field hands its control: spread it onto the input so label, hint and error reach it. */
export type FormControlProps = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
};

export type FormFieldProps = {
  label: string;
  hint?: string;
  /** The validation message; shown in red in place of the hint, and marks the control invalid. */
  error?: string;
  /** Builds the control from the props that wire it to the label, hint and error. */
  children: (control: FormControlProps) => ReactElement;
};

/** A labelled form control with an optional hint, and its validation error in red beneath it. */
export function FormField({ label, hint, error, children }: FormFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children({
        id,
        'aria-describedby': note ? noteId : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {note && (
        <Text id={noteId} size="1" color={error ? 'red' : 'gray'}>
          {note}
        </Text>
      )}
    </Flex>
  );
}
