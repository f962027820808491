import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** Centred placeholder for a list or page with nothing to show yet. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Flex direction="column" align="center" gap="2" py="8" px="4" style={{ textAlign: 'center' }}>
      {icon && (
        <Text color="gray" aria-hidden style={{ display: 'flex' }}>
          {icon}
        </Text>
      )}
      <Heading as="h2" size="4">
        {title}
      </Heading>
      {description && (
        <Text as="p" size="2" color="gray">
          {description}
        </Text>
      )}
      {action && <Flex mt="2">{action}</Flex>}
    </Flex>
  );
}
