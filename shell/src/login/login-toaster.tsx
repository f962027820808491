import { getToasts, subscribeToToasts } from '@annie/ui/toast/toast-store';
import { lazy, Suspense, useEffect, useState } from 'react';

// The toasts' code (Radix Toast, icons and their styles) is not part of the login page's first load:
// it is fetched at the first toast (a refused sign-in; a successful one shows its notice in the card,
// so the way to the home page never fetches it).
const Toaster = lazy(() => import('./login-toaster-ui.tsx'));

/** The login page's Toaster, loaded on demand; a toast raised before it arrives shows when it does. */
export function LoginToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (getToasts().length > 0) {
      setWanted(true);
      return;
    }
    return subscribeToToasts(() => setWanted(true));
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
