import { Theme } from '@radix-ui/themes';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShowMore } from './show-more.tsx';

/** Stands in for the browser's IntersectionObserver so a test can scroll the button into range. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  scrollIntoRange(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.unstubAllGlobals();
});

describe('ShowMore', () => {
  it('says how many are left and shows more on click', async () => {
    const onShowMore = vi.fn();
    render(
      <Theme>
        <ShowMore remaining={12} onShowMore={onShowMore} />
      </Theme>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more (12)' }));
    expect(onShowMore).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when nothing is left', () => {
    render(
      <Theme>
        <ShowMore remaining={0} onShowMore={vi.fn()} />
      </Theme>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows more by itself when the button scrolls near, and stops watching when unmounted', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const onShowMore = vi.fn();
    const { unmount } = render(
      <Theme>
        <ShowMore remaining={40} onShowMore={onShowMore} />
      </Theme>,
    );
    const observer = FakeIntersectionObserver.instances[0];
    if (!observer) throw new Error('no IntersectionObserver was created');
    expect(observer.observed).toEqual([screen.getByRole('button', { name: 'Show more (40)' })]);
    act(() => observer.scrollIntoRange(false));
    expect(onShowMore).not.toHaveBeenCalled();
    act(() => observer.scrollIntoRange(true));
    expect(onShowMore).toHaveBeenCalledTimes(1);
    unmount();
    expect(observer.disconnected).toBe(true);
  });
});
