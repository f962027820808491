import { useRemoteRegistry } from '@annie/api-client/remote-releases/use-remote-registry';
import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { MENU_NAV, visibleEntries } from '../../app/navigation.ts';
import { DeferredMenu } from './deferred-menu.tsx';
import { PendingCount } from './pending-count.tsx';

/**
 * The hamburger menu: every screen, the admin ones (Voice Console, Remote releases) for admins only, and
 * Remote releases only for the administrators of the operator's tenant.
 * The mobile tab bar's More button opens the same menu with its own trigger.
 */
export function NavigationMenu({
  isAdmin,
  triggerLabel,
  trigger,
}: {
  isAdmin: boolean;
  triggerLabel: string;
  trigger?: ReactElement;
}) {
  const navigate = useNavigate();
  // Remote releases only where its API answers: administrators of the operator's tenant, as the registry says.
  const manageReleases = useRemoteRegistry().data?.manageReleases === true;
  return (
    <DeferredMenu
      trigger={
        trigger ?? (
          <IconButton variant="ghost" color="gray" aria-label={triggerLabel}>
            <HamburgerMenuIcon width="20" height="20" />
          </IconButton>
        )
      }
    >
      {visibleEntries(MENU_NAV, isAdmin)
        .filter((entry) => !entry.operatorOnly || manageReleases)
        .map((entry) => (
          <DropdownMenu.Item key={entry.to + entry.label} onSelect={() => navigate(entry.to)}>
            {entry.label}
            {entry.showsPendingCount && <PendingCount />}
          </DropdownMenu.Item>
        ))}
    </DeferredMenu>
  );
}
