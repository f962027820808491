import { ROUTE_TABLE } from '@annie/contracts/routes';
import { FullPageSpinner } from '@annie/ui/spinner/spinner';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { RemotePage } from '../remotes/remote-page.tsx';

const PrivacyPolicyPage = lazy(() => import('../pages/privacy-policy-page.tsx'));
const TermsOfServicePage = lazy(() => import('../pages/terms-of-service-page.tsx'));
// The shell's own chunk, fetched on demand by admins: releases stay manageable whichever remote is broken.
const RemoteReleasesPage = lazy(() => import('../remote-releases/remote-releases-page.tsx'));

/** The Remote releases screen, admins only. */
export const REMOTE_RELEASES_PATH = '/admin/modules';

/** The route table, the shell's own pages and the 404 card; admin-only routes 404 for everyone else. */
export function AppRoutes({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Routes>
      {ROUTE_TABLE.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            route.adminOnly && !isAdmin ? (
              <NotFoundPage />
            ) : (
              // Keyed by path: each route has its own error boundary and retry state.
              <RemotePage key={route.path} target={route} />
            )
          }
        />
      ))}
      <Route
        path="/privacy-policy"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <PrivacyPolicyPage />
          </Suspense>
        }
      />
      <Route
        path="/terms-of-service"
        element={
          <Suspense fallback={<FullPageSpinner />}>
            <TermsOfServicePage />
          </Suspense>
        }
      />
      <Route
        path={REMOTE_RELEASES_PATH}
        element={
          isAdmin ? (
            <Suspense fallback={<FullPageSpinner />}>
              <RemoteReleasesPage />
            </Suspense>
          ) : (
            <NotFoundPage />
          )
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
