import { LoadFailed } from '@annie/ui/load-failed/load-failed';
import { Spinner } from '@annie/ui/spinner/spinner';
import { Flex } from '@radix-ui/themes';
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
  if (failed) return <LoadFailed message={`Failed to load ${what}.`} onRetry={onRetry} />;
  return children;
}
