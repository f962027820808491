import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * While `dirty`, leaving the page asks first: the browser's own prompt for a reload or a closed tab, and
 * `ask` (the page's "Discard changes?") for a link inside the app, which is followed once agreed.
 */
export function useLeaveGuard(dirty: boolean, ask: (leave: () => void) => void) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
        return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, ask, navigate]);
}
