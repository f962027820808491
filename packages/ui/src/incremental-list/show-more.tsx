import { Button, Flex } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';

type Props = {
  /** How many are left; `hasMore` without a count when only the server knows (a paged list). */
  remaining?: number;
  hasMore?: boolean;
  onShowMore: () => void;
};

// Starts the next step well before the button is on screen, so scrolling rarely waits for it.
const AUTO_SHOW_MARGIN = '800px 0px';

/**
 * "Show more (n)", or "Show more" without a count, under a long list; it also fires by itself when
 * scrolled near, where the browser can tell.
 */
export function ShowMore({ remaining, hasMore = (remaining ?? 0) > 0, onShowMore }: Props) {
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!hasMore || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onShowMore();
      },
      { rootMargin: AUTO_SHOW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onShowMore, hasMore]);

  if (!hasMore) return null;
  return (
    <Flex justify="center">
      <Button ref={ref} variant="soft" color="gray" onClick={onShowMore}>
        {remaining === undefined ? 'Show more' : `Show more (${remaining})`}
      </Button>
    </Flex>
  );
}
