import type { CSSProperties } from 'react';

// Off-screen cards skip layout and paint, which keeps a list of thousands cheap to re-filter.
export const CARD_STYLE: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: 'auto 180px' };

/** A note's body is clamped to 3 lines. */
export const CLAMP_3_LINES: CSSProperties = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};
