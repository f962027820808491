import { useCallback, useState } from 'react';

/** Cards rendered per step; a keystroke never has to mount or unmount more than this many. */
export const LIST_STEP = 30;

/**
 * The first items of a list, growing by `step` on request and starting over whenever the list itself
 * changes (a new search or a refetch), so typing over thousands of items stays cheap to render.
 */
export function useIncrementalList<T>(items: readonly T[], step = LIST_STEP) {
  const [shown, setShown] = useState({ items, count: step });
  const count = shown.items === items ? shown.count : step;
  const showMore = useCallback(
    () => setShown((current) => ({ items, count: (current.items === items ? current.count : step) + step })),
    [items, step],
  );
  return { visible: items.slice(0, count), remaining: Math.max(0, items.length - count), showMore };
}
