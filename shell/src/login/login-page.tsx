import { Theme } from '@radix-ui/themes';
import { LoginScreen } from './login-screen.tsx';
import { LoginToaster } from './login-toaster.tsx';

/**
 * The signed-out page's whole tree: the same at build time (login-markup.tsx) and in the browser. The
 * theme and the toasts of AppProviders, without its react-query client (the login screen needs none),
 * and with the toasts loaded on demand, so the page's script stays small.
 */
export function LoginPage() {
  return (
    <Theme accentColor="indigo" grayColor="gray">
      <LoginScreen />
      <LoginToaster />
    </Theme>
  );
}
