import { Flex, Spinner as ThemeSpinner } from '@radix-ui/themes';

export interface SpinnerProps {
  size?: '1' | '2' | '3';
  /** Accessible name announced to assistive technology. */
  label?: string;
}

/** An inline busy indicator exposed as a status named "Loading". */
export function Spinner({ size = '2', label = 'Loading' }: SpinnerProps) {
  return <ThemeSpinner size={size} role="status" aria-label={label} />;
}

/** A spinner centred in the viewport, for whole-page loads (session check, remote loading). */
export function FullPageSpinner({ label = 'Loading' }: Pick<SpinnerProps, 'label'>) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spinner size="3" label={label} />
    </Flex>
  );
}
