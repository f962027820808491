import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { Button, Flex, IconButton, Text } from '@radix-ui/themes';
import type { CSSProperties } from 'react';
import { type ToastEntry, type ToastVariant, toast } from './toast-store.ts';
import { useToast } from './use-toast.ts';

export type { ToastHandle, ToastOptions, ToastVariant } from './toast-store.ts';
export { toast, useToast };

// A toast shows for 5000 ms; a swipe right of 50 px dismisses it; F8 focuses the region.
const DISPLAY_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = ['F8'];

// Inside the screen's safe area on a phone: the width includes the padding (a 390 px list with its
// padding outside was wider than a 390 px phone and lost its left edge), the padding grows by the
// device's insets (notch, home indicator), and the list sits above whatever the app keeps at the bottom
// of the screen (the shell's tab bar sets --annie-chrome-bottom to its height).
const viewportStyle: CSSProperties = {
  position: 'fixed',
  bottom: 'var(--annie-chrome-bottom, 0px)',
  right: 0,
  zIndex: 2147483647,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--space-2)',
  boxSizing: 'border-box',
  width: 390,
  maxWidth: '100vw',
  margin: 0,
  paddingTop: 'var(--space-4)',
  paddingRight: 'max(var(--space-4), env(safe-area-inset-right, 0px))',
  paddingBottom: 'max(var(--space-4), env(safe-area-inset-bottom, 0px))',
  paddingLeft: 'max(var(--space-4), env(safe-area-inset-left, 0px))',
  listStyle: 'none',
  outline: 'none',
};

const look: Record<ToastVariant, { color: 'gray' | 'red' | 'green'; background: string; border: string }> = {
  default: { color: 'gray', background: 'var(--color-panel-solid)', border: 'var(--gray-a6)' },
  destructive: { color: 'red', background: 'var(--red-3)', border: 'var(--red-7)' },
  success: { color: 'green', background: 'var(--green-3)', border: 'var(--green-7)' },
};

function VariantIcon({ variant }: { variant: ToastVariant }) {
  if (variant === 'destructive') return <CrossCircledIcon role="img" aria-label="Error" />;
  if (variant === 'success') return <CheckCircledIcon role="img" aria-label="Success" />;
  return <InfoCircledIcon aria-hidden />;
}

function ToastItem({ entry, onClose }: { entry: ToastEntry; onClose: () => void }) {
  const variant = entry.variant ?? 'default';
  const { color, background, border } = look[variant];
  return (
    <ToastPrimitive.Root
      open={entry.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      style={{
        background,
        border: `1px solid ${border}`,
        borderRadius: 'var(--radius-4)',
        boxShadow: 'var(--shadow-5)',
        padding: 'var(--space-3)',
        transform: 'translateX(var(--radix-toast-swipe-move-x, 0))',
      }}
    >
      <Flex gap="3" align="start">
        <Text color={color} as="span" style={{ display: 'flex', paddingTop: 2 }}>
          <VariantIcon variant={variant} />
        </Text>
        <Flex direction="column" gap="1" flexGrow="1">
          {entry.title && (
            <ToastPrimitive.Title asChild>
              <Text as="div" size="2" weight="bold" color={color} highContrast>
                {entry.title}
              </Text>
            </ToastPrimitive.Title>
          )}
          {entry.description && (
            <ToastPrimitive.Description asChild>
              <Text as="div" size="2" color={color}>
                {entry.description}
              </Text>
            </ToastPrimitive.Description>
          )}
        </Flex>
        {entry.action && (
          // altText: what a screen reader user is told to do instead (the toast's swipe region is not theirs).
          <ToastPrimitive.Action asChild altText={`${entry.action.label} from the toast`}>
            <Button size="1" variant="soft" color={color} onClick={entry.action.onClick}>
              {entry.action.label}
            </Button>
          </ToastPrimitive.Action>
        )}
        <ToastPrimitive.Close asChild>
          <IconButton size="1" variant="ghost" color="gray" aria-label="Close">
            <Cross2Icon />
          </IconButton>
        </ToastPrimitive.Close>
      </Flex>
    </ToastPrimitive.Root>
  );
}

/** Renders the shared toasts; mount once, inside the Radix Themes `Theme`. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={DISPLAY_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map((entry) => (
        <ToastItem key={entry.id} entry={entry} onClose={() => dismiss(entry.id)} />
      ))}
      <ToastPrimitive.Viewport hotkey={HOTKEY} style={viewportStyle} />
    </ToastPrimitive.Provider>
  );
}
