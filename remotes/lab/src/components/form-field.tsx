import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useId } from 'react';

type Props = {
  label: string;
  hint?: string;
  error?: string;
  /** Builds the control from its id and the id of its hint/error text. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactElement;
};

/** A labelled control with an optional hint, and its validation error in red beneath it. */
export function FormField({ label, hint, error, children }: Props) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children({ id, describedBy: note ? noteId : undefined, invalid: Boolean(error) })}
      {note && (
        <Text id={noteId} size="1" color={error ? 'red' : 'gray'}>
          {note}
        </Text>
      )}
    </Flex>
  );
}
