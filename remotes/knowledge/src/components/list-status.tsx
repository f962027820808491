import { Spinner } from '@annie/ui/spinner/spinner';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

type Props = { loading: boolean; failed: boolean; what: string; onRetry: () => void; children: ReactNode };

/** A list's loading spinner or load failure with Retry; the list itself once it is there. */
export function ListStatus({ loading, failed, what, onRetry, children }: Props) {
  if (loading) {
    return (
      <Flex justify="center" py="8">
        <Spinner size="3" />
      </Flex>
    );
  }
  if (failed) {
    return (
      <Flex direction="column" align="center" gap="3" py="8">
        <Text color="red">Failed to load {what}.</Text>
        <Button variant="soft" onClick={onRetry}>
          Retry
        </Button>
      </Flex>
    );
  }
  return children;
}
