import type { AuthUser } from '@annie/contracts/auth';
import { useToast } from '@annie/ui/toast/toast';
import { PersonIcon } from '@radix-ui/react-icons';
import { DropdownMenu, Flex, IconButton, Text } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogout } from '../../api/use-logout.ts';
import { RELOAD_DELAY_MS } from '../../config/product.ts';
import { AppearanceMenuItems } from '../appearance/appearance-menu-items.tsx';
import { DeferredMenu } from './deferred-menu.tsx';

// Phone access (its form, the number checks and the dialog's code) is fetched when it is first opened:
// the first screen after sign-in does not carry it.
const PhoneAccessDialog = lazy(() =>
  import('../phone-access/phone-access-dialog.tsx').then((module) => ({ default: module.PhoneAccessDialog })),
);

/** The user menu: who is signed in, the Voice Console for admins, Phone access, the appearance, and Logout. */
export function UserMenu({
  user,
  reload = () => window.location.reload(),
}: {
  user: AuthUser;
  reload?: () => void;
}) {
  const navigate = useNavigate();
  const logout = useLogout();
  const { toast } = useToast();
  const [phoneAccessOpen, setPhoneAccessOpen] = useState(false);
  // Mounted from its first opening on, so that closing it plays out as before.
  const [phoneAccessUsed, setPhoneAccessUsed] = useState(false);

  function handleLogout() {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: 'Logged out',
          description: 'You have been successfully logged out.',
          variant: 'success',
        });
        setTimeout(reload, RELOAD_DELAY_MS);
      },
      onError: () => {
        toast({
          title: 'Logout failed',
          description: 'Unable to logout. Please try again.',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <>
      {phoneAccessUsed && (
        <Suspense fallback={null}>
          <PhoneAccessDialog open={phoneAccessOpen} onOpenChange={setPhoneAccessOpen} />
        </Suspense>
      )}
      <DeferredMenu
        align="end"
        trigger={
          <IconButton variant="soft" radius="full" aria-label="User menu">
            <PersonIcon />
          </IconButton>
        }
      >
        <Flex direction="column" px="3" py="2">
          <Text size="2" weight="bold">
            {user.username || 'User'}
          </Text>
          {user.email && (
            <Text size="1" color="gray">
              {user.email}
            </Text>
          )}
        </Flex>
        <DropdownMenu.Separator />
        {user.isAdmin && (
          <DropdownMenu.Item onSelect={() => navigate('/voice/console')}>Voice Console</DropdownMenu.Item>
        )}
        <DropdownMenu.Item
          onSelect={() => {
            setPhoneAccessUsed(true);
            setPhoneAccessOpen(true);
          }}
        >
          Phone access
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <AppearanceMenuItems />
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={handleLogout} disabled={logout.isPending}>
          Logout
        </DropdownMenu.Item>
      </DeferredMenu>
    </>
  );
}
