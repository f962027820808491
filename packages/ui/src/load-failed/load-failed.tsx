import { Button, Flex, Text } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import { TechnicalDetails } from '../technical-details/technical-details.tsx';

export type LoadFailedProps = {
  /** What could not be loaded, in the user's words (e.g. "Failed to load jobs."). */
  message: ReactNode;
  onRetry: () => void;
  /** Technical detail for whoever reports the problem, kept behind a "Technical details" disclosure. */
  details?: string;
  py?: ComponentProps<typeof Flex>['py'];
};

/** A load failure announced as an alert, with Retry; the place of a list, page or section that failed. */
export function LoadFailed({ message, onRetry, details, py = '8' }: LoadFailedProps) {
  return (
    <Flex role="alert" direction="column" align="center" gap="3" py={py} px="4">
      <Text color="red" align="center">
        {message}
      </Text>
      {details && <TechnicalDetails>{details}</TechnicalDetails>}
      <Button variant="soft" onClick={onRetry}>
        Retry
      </Button>
    </Flex>
  );
}
