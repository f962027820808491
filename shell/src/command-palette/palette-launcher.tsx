import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRemoteRegistry } from '../api/use-remote-registry.ts';

// The palette (its dialog, list and the contacts query) is fetched at its first opening.
const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((module) => ({ default: module.CommandPalette })),
);

/** Whether a key press is the palette's shortcut: ⌘K on a Mac, Ctrl+K elsewhere. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey'>) {
  return event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey;
}

/** The header's Search button and the ⌘K / Ctrl+K shortcut, both opening the command palette. */
export function PaletteLauncher({ isAdmin }: { isAdmin: boolean }) {
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so that closing it plays out.
  const [used, setUsed] = useState(false);
  const manageReleases = useRemoteRegistry().data?.manageReleases === true;
  const show = () => {
    setUsed(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setUsed(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <IconButton
        variant="ghost"
        color="gray"
        aria-label="Search screens and contacts"
        aria-keyshortcuts="Meta+K Control+K"
        title="Search (⌘K)"
        onClick={show}
      >
        <MagnifyingGlassIcon width="18" height="18" />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <CommandPalette
            open={open}
            onOpenChange={setOpen}
            isAdmin={isAdmin}
            manageReleases={manageReleases}
          />
        </Suspense>
      )}
    </>
  );
}
