import type { CSSProperties } from 'react';

// Off-screen cards skip layout and paint, which keeps a list of thousands cheap to re-filter.
export const CARD_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 180px' };

/** A fact's JSON text: monospace, wrapped, scrolled when long. */
export const VALUE_STYLE: CSSProperties = {
  margin: 0,
  padding: 'var(--space-2)',
  maxHeight: '12rem',
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'var(--code-font-family)',
  fontSize: 'var(--font-size-1)',
  background: 'var(--gray-a3)',
  borderRadius: 'var(--radius-2)',
};

/** A note's body is clamped to 3 lines. */
export const CLAMP_3_LINES: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};
