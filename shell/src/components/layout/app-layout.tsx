import type { AuthUser } from '@annie/api-client/contracts/auth';
import { Box, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { SandboxBar } from '../sandbox/sandbox-bar.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';

/** Header on top, the route's screen, the footer on wider screens and the tab bar on phones. */
export function AppLayout({ user, children }: { user: AuthUser; children: ReactNode }) {
  return (
    <Flex direction="column" minHeight="100vh">
      <SandboxBar />
      <AppHeader user={user} />
      {/* On phones the fixed tab bar covers the bottom; keep the content clear of it. */}
      <Box asChild flexGrow="1" pb={{ initial: '9', sm: '0' }}>
        <main>{children}</main>
      </Box>
      <AppFooter />
      <MobileTabBar isAdmin={user.isAdmin} />
    </Flex>
  );
}
