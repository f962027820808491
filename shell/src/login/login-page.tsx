import { AppProviders } from '../app/app-providers.tsx';
import { LoginScreen } from '../components/login/login-screen.tsx';

/** The signed-out page's whole tree: the same at build time (login-markup.tsx) and in the browser. */
export function LoginPage() {
  return (
    <AppProviders>
      <LoginScreen />
    </AppProviders>
  );
}
