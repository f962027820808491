import { type RefObject, useEffect } from 'react';

/**
 * Keeps two CSS variables on <html> with the height the shell's chrome takes at the top (sandbox bar and
 * header) and at the bottom (the phone's tab bar with the safe area under it; 0 when hidden), so that the
 * content (app.css's --annie-content-height) and the toasts stay clear of it.
 */
export function useChromeSize(top: RefObject<HTMLElement | null>, bottom: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    const update = () => {
      root.style.setProperty('--annie-chrome-top', `${top.current?.offsetHeight ?? 0}px`);
      root.style.setProperty('--annie-chrome-bottom', `${bottom.current?.offsetHeight ?? 0}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    for (const element of [top.current, bottom.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [top, bottom]);
}
