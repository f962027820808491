// Built for Node by the voice build's first-paint compilation (remoteConfig's `firstPaint`): the home
// page's idle view, rendered at build time from the page itself, is written into first-paint.json, which
// the API puts into the signed-in page's HTML of each user this version is served to.

import { createQueryClient } from '@annie/api-client/query-client';
import { appSettingsQueryKey } from '@annie/api-client/settings/use-app-settings';
import { ASSISTANT_NAME_SLOT } from '@annie/contracts/first-paint';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import BrowserCallPage from '../pages/browser-call-page.tsx';
import {
  EARLY_CALL_START_ATTRIBUTE,
  EARLY_CALL_START_SCRIPT,
  EARLY_CALL_START_VERSION,
} from './early-call-start.ts';

/**
 * The browser call page as it first renders (idle, no transcript), in the theme the shell gives it,
 * with the assistant's name left as its slot (the API fills it in) and the script that makes its Start
 * call button work before any of the app's scripts has run, at its end. The theme is not the page's root
 * theme (`data-is-root-theme`, which Radix lets a prop override): the view sits inside the shell's, and a
 * root theme's full-screen minimum height and background would push and repaint it there.
 */
export function renderIdleView(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(appSettingsQueryKey, { assistantName: ASSISTANT_NAME_SLOT });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <Theme accentColor="indigo" grayColor="gray" hasBackground={false} data-is-root-theme="false">
        <BrowserCallPage />
        {/* The build's own constant, admitted by the CSP hash the build writes beside it. */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_CALL_START_SCRIPT }} />
      </Theme>
    </QueryClientProvider>,
  );
}

/** first-paint.json's fields this remote gives (the build adds the rest): its idle view and its handshake. */
export function firstPaint() {
  return {
    html: renderIdleView(),
    handoff: { attribute: EARLY_CALL_START_ATTRIBUTE, version: EARLY_CALL_START_VERSION },
  };
}
