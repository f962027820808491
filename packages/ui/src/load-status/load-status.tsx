import { Flex, Text } from '@radix-ui/themes';
import type { ComponentProps, ReactNode } from 'react';
import { LoadFailed } from '../load-failed/load-failed.tsx';
import { SkeletonRows } from '../skeleton-rows/skeleton-rows.tsx';
import { Spinner } from '../spinner/spinner.tsx';

type Space = ComponentProps<typeof Flex>['py'];

export type LoadStatusProps<T> = {
  loading: boolean;
  failed: boolean;
  /** The failure in the user's words ("Failed to load contacts."), shown as an alert with Retry. */
  message: ReactNode;
  onRetry: () => void;
  /** Technical detail of the failure, kept behind a "Technical details" disclosure. */
  details?: string;
  /**
   * What stands while loading: a large spinner centred in the section by default, a small inline one
   * (`compact`), or a grey sentence (`loadingText`, e.g. "Loading contacts...").
   */
  loadingText?: string;
  compact?: boolean;
  /** A list loading: this many grey placeholder rows instead of a spinner (takes precedence over both). */
  skeletonRows?: number;
  /** The spinner's accessible name. */
  label?: string;
  /** The room above and below the spinner, the sentence and the failure. */
  space?: Space;
  /** What was loaded, handed to `children` when that is a function; there once neither loading nor failed. */
  data?: T;
  children?: ReactNode | ((data: T) => ReactNode);
};

/** A section's load failure with Retry, or its loading spinner; the section itself once it is there. */
export function LoadStatus<T = undefined>({
  loading,
  failed,
  message,
  onRetry,
  details,
  loadingText,
  compact = false,
  skeletonRows,
  label,
  space = '8',
  data,
  children,
}: LoadStatusProps<T>) {
  if (failed) return <LoadFailed message={message} details={details} onRetry={onRetry} py={space} />;
  if (loading) {
    if (skeletonRows) return <SkeletonRows rows={skeletonRows} label={label ?? 'Loading'} />;
    if (loadingText !== undefined) {
      return (
        <Text as="p" color="gray" align="center" my={space}>
          {loadingText}
        </Text>
      );
    }
    if (compact) return <Spinner label={label} />;
    return <SectionSpinner label={label} space={space} />;
  }
  return typeof children === 'function' ? children(data as T) : (children ?? null);
}

/** A large spinner centred in the width of a page or section, while its content loads. */
export function SectionSpinner({ label, space = '8' }: { label?: string; space?: Space }) {
  return (
    <Flex justify="center" py={space}>
      <Spinner size="3" label={label} />
    </Flex>
  );
}
