import type { AuthUser } from '@annie/contracts/auth';
import { Flex } from '@radix-ui/themes';
import { type ReactNode, useEffect, useRef } from 'react';
import { SandboxBar } from '../sandbox/sandbox-bar.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { useChromeSize } from './chrome-size.ts';
import { installFocusReturn } from './focus-return.ts';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { WarmMenus } from './warm-menus.tsx';

/** Where the skip link lands: the route's screen. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * A skip link first, then the header on top, the route's screen, the footer on wider screens and the tab
 * bar on phones (app.css keeps the screen clear of it and of the safe area).
 */
export function AppLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLElement>(null);
  useChromeSize(top, bottom);
  useEffect(() => installFocusReturn(), []);
  return (
    <Flex direction="column" minHeight="100vh">
      <a className="app-skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <div ref={top}>
        <SandboxBar />
        <AppHeader user={user} />
      </div>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-main">
        {children}
      </main>
      <AppFooter />
      <MobileTabBar isAdmin={user.isAdmin} barRef={bottom} />
      <WarmMenus />
    </Flex>
  );
}
