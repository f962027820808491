import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function DeleteContact({ onConfirm, pending }: { onConfirm: () => void; pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <Theme>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete contact?"
        description="This removes Ada Lovelace from your contacts."
        onConfirm={onConfirm}
        pending={pending}
      />
    </Theme>
  );
}

describe('ConfirmDialog', () => {
  it('shows the title, description and the default Delete and Cancel buttons', () => {
    render(<DeleteContact onConfirm={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete contact?' });
    expect(dialog).toHaveAccessibleDescription('This removes Ada Lovelace from your contacts.');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('calls onConfirm when the confirm button is pressed and leaves closing to the caller', async () => {
    const onConfirm = vi.fn();
    render(<DeleteContact onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('closes without confirming when Cancel is pressed', async () => {
    const onConfirm = vi.fn();
    render(<DeleteContact onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('uses custom labels', () => {
    render(
      <Theme>
        <ConfirmDialog
          open
          onOpenChange={vi.fn()}
          title="Disconnect Google Workspace?"
          description="Voice tools lose access to your mail and calendar."
          confirmLabel="Disconnect"
          cancelLabel="Keep connected"
          onConfirm={vi.fn()}
        />
      </Theme>,
    );
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep connected' })).toBeInTheDocument();
  });

  it('disables both buttons while pending', () => {
    render(<DeleteContact onConfirm={vi.fn()} pending />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
