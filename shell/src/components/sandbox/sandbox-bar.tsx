import { Badge, Button, Flex } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useRemoteRegistry } from '../../api/use-remote-registry.ts';
import type { SandboxSimulation } from './inbound-form.tsx';

/** The words of the badge; the README and the API's start log say the same. */
export const SANDBOX_NOTICE = 'Sandbox — providers are simulated';

// Only a sandbox ever loads the panel: a production shell pays for this bar and nothing more.
const SandboxPanel = lazy(() =>
  import('./sandbox-panel.tsx').then((module) => ({ default: module.SandboxPanel })),
);

/**
 * The sandbox's permanent notice above the header, shown only when the API says the operator started a
 * sandbox (GET /api/remotes), with the buttons that open the sandbox panel.
 */
export function SandboxBar() {
  const registry = useRemoteRegistry();
  const [open, setOpen] = useState<SandboxSimulation | null>(null);
  if (registry.data?.sandbox !== true) return null;
  return (
    <Flex
      role="region"
      aria-label="Sandbox"
      align="center"
      justify="center"
      wrap="wrap"
      gap="3"
      px="4"
      py="1"
      style={{ background: 'var(--amber-3)', borderBottom: '1px solid var(--amber-6)' }}
    >
      <Badge color="amber" variant="solid" radius="full" size="2">
        {SANDBOX_NOTICE}
      </Badge>
      <Button size="1" variant="soft" color="amber" highContrast onClick={() => setOpen('text')}>
        Simulate a text
      </Button>
      <Button size="1" variant="soft" color="amber" highContrast onClick={() => setOpen('call')}>
        Simulate a call
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SandboxPanel simulation={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Flex>
  );
}
