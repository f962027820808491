import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import pages from './export-app.tsx';

/** The same paths the shell's route table gives this remote's pages, for standalone development. */
const STANDALONE_ROUTES: readonly { path: string; page: keyof typeof pages }[] = [
  { path: '/sms', page: 'threads' },
  { path: '/sms/:phone', page: 'thread' },
  { path: '/contacts', page: 'contacts' },
  { path: '/contacts/:id', page: 'contact' },
  { path: '/conversations', page: 'conversations' },
];

/** This remote's pages on their shell paths (standalone dev only; the shell owns routing in the app). */
export function StandaloneRoutes() {
  return (
    <Routes>
      {STANDALONE_ROUTES.map(({ path, page }) => {
        const Page: ComponentType = pages[page];
        return <Route key={path} path={path} element={<Page />} />;
      })}
    </Routes>
  );
}
