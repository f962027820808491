import { Theme } from '@radix-ui/themes';
import { LoginScreen } from './login-screen.tsx';

/**
 * The signed-out page's whole tree: the same at build time (login-markup.tsx) and in the browser. The
 * theme of AppProviders, without its react-query client (the login screen needs none) and without
 * toasts: the screen says what happened in its own card.
 */
export function LoginPage() {
  return (
    <Theme accentColor="indigo" grayColor="gray">
      <LoginScreen />
    </Theme>
  );
}
