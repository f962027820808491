import { useAuthUser } from '@annie/api-client/auth/use-auth-user';
import { FullPageSpinner } from '@annie/ui/spinner/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { BootIdleView } from '../boot/boot-idle-view.tsx';
import { AppProviders } from './app-providers.tsx';
import { AuthenticatedApp } from './authenticated-app.tsx';

// app.html (which loads this app) is sent only to requests with a session cookie; the login screen is
// needed here only when that session has ended (expired, or logged out elsewhere), so it is a chunk of
// its own.
const LoginScreen = lazy(() =>
  import('../login/login-screen.tsx').then((module) => ({ default: module.LoginScreen })),
);

/** Spinner (or the home's idle view) while the session is checked, the login screen without one, else the app. */
export function AuthGate() {
  const { data, isPending } = useAuthUser();
  // The session's answer arrives as a blocking update; the signed-in app it reveals is the page's largest
  // render. Deferred, React renders it in slices with the browser let in between (the spinner stays until
  // it commits), instead of in one long task.
  const user = useDeferredValue(data);
  // Undefined with data present: the deferred render has not caught up yet. Without data (the check
  // failed: the API is down or answered 5xx) the login screen shows, and signing in reports the error.
  // The home page's server-rendered idle view, when app.html has one, stays on screen instead.
  if (isPending || (user === undefined && data !== undefined)) {
    return <BootIdleView fallback={<FullPageSpinner />} />;
  }
  if (!user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LoginScreen />
      </Suspense>
    );
  }
  return <AuthenticatedApp user={user} />;
}

/** The federated signed-in app: providers and the session gate. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AuthGate />
    </AppProviders>
  );
}
