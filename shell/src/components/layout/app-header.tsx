import type { AuthUser } from '@annie/contracts/auth';
import { Box, Flex, TabNav, Text } from '@radix-ui/themes';
import { Link, useLocation } from 'react-router-dom';
import { HEADER_NAV, isNavActive } from '../../app/navigation.ts';
import { PaletteLauncher } from '../../command-palette/palette-launcher.tsx';
import { PRODUCT_NAME } from '../../config/product.ts';
import { NavigationMenu } from './navigation-menu.tsx';
import { OnlineBadge } from './online-badge.tsx';
import { PendingCount } from './pending-count.tsx';
import { UserMenu } from './user-menu.tsx';

/** The top bar: hamburger menu, product name, desktop links (active one highlighted), status and user. */
export function AppHeader({ user }: { user: AuthUser }) {
  const { pathname } = useLocation();
  return (
    <Box
      asChild
      px="4"
      style={{ borderBottom: '1px solid var(--gray-a5)', background: 'var(--color-panel-solid)' }}
    >
      <header>
        <Flex align="center" gap="4" height="56px">
          <NavigationMenu isAdmin={user.isAdmin} triggerLabel="Open menu" />
          <Text weight="bold" size="4">
            {PRODUCT_NAME}
          </Text>
          <Box display={{ initial: 'none', md: 'block' }} flexGrow="1">
            {/* TabNav is a <nav>; it marks the active link with aria-current="page". */}
            <TabNav.Root className="app-header-nav" aria-label="Main">
              {HEADER_NAV.map((entry) => (
                <TabNav.Link key={entry.to} asChild active={isNavActive(pathname, entry.to)}>
                  <Link to={entry.to}>
                    {entry.label}
                    {entry.showsPendingCount && <PendingCount />}
                  </Link>
                </TabNav.Link>
              ))}
            </TabNav.Root>
          </Box>
          <Flex align="center" gap="3" ml="auto">
            <PaletteLauncher isAdmin={user.isAdmin} />
            <OnlineBadge />
            <UserMenu user={user} />
          </Flex>
        </Flex>
      </header>
    </Box>
  );
}
