import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** The page's h1 with an optional subtitle and right-aligned actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Flex justify="between" align="start" gap="4" wrap="wrap" mb="5">
      <Box>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {subtitle && (
          <Text as="p" size="2" color="gray" mt="1">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions && (
        <Flex gap="2" align="center">
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
