import type { ReactNode } from 'react';

// The usual screen-reader-only rule: out of sight and out of the layout, still read.
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Words read by screen readers and not shown, e.g. " unread" after a count: part of the element's name
 * from its content (Radix Themes' VisuallyHidden is not in the shell's shared surface).
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={HIDDEN}>{children}</span>;
}
