import { getToasts, subscribeToToasts } from '@annie/ui/toast/toast-store';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toasts' code (Radix Toast, icons and their styles) is not part of the login page's first load:
// it is fetched once the visitor starts on the form (focus), or at the first toast at the latest.
const Toaster = lazy(() => import('./login-toaster-ui.tsx'));

/** The login page's Toaster, loaded on demand; a toast raised before it arrives shows when it does. */
export function LoginToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (getToasts().length > 0) {
      setWanted(true);
      return;
    }
    const want = () => setWanted(true);
    const unsubscribe = subscribeToToasts(want);
    document.addEventListener('focusin', want, { once: true });
    return () => {
      unsubscribe();
      document.removeEventListener('focusin', want);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
