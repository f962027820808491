import { Button, Flex } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';

type Props = { remaining: number; onShowMore: () => void };

/** "Show more" under a long list; it also fires by itself when scrolled near, where the browser can tell. */
export function ShowMore({ remaining, onShowMore }: Props) {
  const ref = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onShowMore(),
      {
        rootMargin: '800px 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onShowMore]);

  if (remaining === 0) return null;
  return (
    <Flex justify="center">
      <Button ref={ref} variant="soft" color="gray" onClick={onShowMore}>
        Show more ({remaining})
      </Button>
    </Flex>
  );
}
