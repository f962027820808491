import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useId } from 'react';

/** A labelled form control: the label names the control built by `children(id)`. */
export function FormField({ label, children }: { label: string; children: (id: string) => ReactElement }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      {children(id)}
    </Flex>
  );
}
