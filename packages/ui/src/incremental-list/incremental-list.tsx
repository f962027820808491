import type { ReactNode } from 'react';
import { ShowMore } from './show-more.tsx';
import { useIncrementalList } from './use-incremental-list.ts';

type Props<T> = {
  items: readonly T[];
  /** Items rendered per step; defaults to LIST_STEP. */
  step?: number;
  /** Renders the items shown so far (the first steps of `items`). */
  children: (visible: readonly T[]) => ReactNode;
};

/**
 * A long list rendered a step at a time, with "Show more (n)" under it that also fires by itself when
 * scrolled near. A new `items` array (a new search, a refetch) starts over at the first step.
 */
export function IncrementalList<T>({ items, step, children }: Props<T>) {
  const shown = useIncrementalList(items, step);
  return (
    <>
      {children(shown.visible)}
      <ShowMore remaining={shown.remaining} onShowMore={shown.showMore} />
    </>
  );
}
