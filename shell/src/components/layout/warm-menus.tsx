import { DropdownMenu } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

/** Runs `work` once the page has loaded and the browser is idle (at most 2 s after the load). */
function whenIdleAfterLoad(work: () => void): () => void {
  let idle = 0;
  const start = () => {
    idle = window.requestIdleCallback
      ? window.requestIdleCallback(work, { timeout: 2_000 })
      : window.setTimeout(work, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Fetches the menus' code (the shared surface's deferred DropdownMenu) once the first screen is done, so
 * that the first press on the hamburger, More or the user menu opens it at once, also on a phone, where
 * no pointer approaches a trigger before the tap. An empty menu root renders nothing.
 */
export function WarmMenus() {
  const [warm, setWarm] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setWarm(true)), []);
  return warm ? <DropdownMenu.Root /> : null;
}
