import { HamburgerMenuIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { Fragment, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRemoteRegistry } from '../../api/use-remote-registry.ts';
import { visibleGroups } from '../../app/navigation.ts';
import { DeferredMenu } from './deferred-menu.tsx';
import { PendingCount } from './pending-count.tsx';

/**
 * The hamburger menu: every screen of the executive's, then, apart under their own label, the operators'
 * (Voice Console, Usage, Remote releases) for admins only, Remote releases only for the administrators
 * of the operator's tenant. The mobile tab bar's More button opens the same menu with its own trigger.
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
  const groups = visibleGroups(isAdmin, manageReleases);
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
      {groups.map((group, index) => (
        <Fragment key={group.label}>
          {index > 0 && <DropdownMenu.Separator />}
          {groups.length > 1 && <DropdownMenu.Label>{group.label}</DropdownMenu.Label>}
          {group.entries.map((entry) => (
            <DropdownMenu.Item key={entry.to + entry.label} onSelect={() => navigate(entry.to)}>
              {entry.label}
              {entry.showsPendingCount && <PendingCount />}
            </DropdownMenu.Item>
          ))}
        </Fragment>
      ))}
    </DeferredMenu>
  );
}
