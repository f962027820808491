import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIncrementalList } from './use-incremental-list.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('useIncrementalList', () => {
  it('shows the first step and grows by a step on request', () => {
    const items = numbers(70);
    const { result } = renderHook(() => useIncrementalList(items, 30));
    expect(result.current.visible).toHaveLength(30);
    expect(result.current.remaining).toBe(40);
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(60);
    act(() => result.current.showMore());
    expect(result.current.visible).toEqual(items);
    expect(result.current.remaining).toBe(0);
  });

  it('starts over when the list changes (a new search)', () => {
    let items = numbers(100);
    const { result, rerender } = renderHook(() => useIncrementalList(items, 30));
    act(() => result.current.showMore());
    expect(result.current.visible).toHaveLength(60);
    items = numbers(90);
    rerender();
    expect(result.current.visible).toHaveLength(30);
  });
});
