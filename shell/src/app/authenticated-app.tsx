import type { AuthUser } from '@annie/contracts/auth';
import { BrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { AppRoutes } from './app-routes.tsx';

/** The signed-in app: router, navigation chrome and the routes. */
export function AuthenticatedApp({ user }: { user: AuthUser }) {
  return (
    <BrowserRouter>
      <AppLayout user={user}>
        <AppRoutes isAdmin={user.isAdmin} />
      </AppLayout>
    </BrowserRouter>
  );
}
