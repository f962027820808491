import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** While true the confirm button shows a spinner and both buttons are disabled. */
  pending?: boolean;
  /** Red for a destructive action (the default); the accent colour when confirming a cost, not a loss. */
  confirmColor?: 'red' | 'accent';
}

/**
 * Asks before a destructive or costly action. Cancel closes it; confirm only calls onConfirm, so the caller closes
 * it (typically when the mutation succeeds) and can keep it open with `pending` meanwhile.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  confirmColor = 'red',
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="450px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={pending}>
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <Button color={confirmColor === 'red' ? 'red' : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
