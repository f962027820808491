import { Badge } from '@radix-ui/themes';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The header's connection badge: Online, or Offline while the browser has no network. */
export function OnlineBadge() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  return (
    <Badge color={online ? 'green' : 'gray'} variant="soft" radius="full" highContrast>
      {online ? 'Online' : 'Offline'}
    </Badge>
  );
}
