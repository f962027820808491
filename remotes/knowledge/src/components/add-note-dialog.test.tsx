import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddNoteDialog } from './add-note-dialog.tsx';

function renderDialog(pending = false) {
  const onSubmit = vi.fn();
  render(
    <Theme>
      <AddNoteDialog open onOpenChange={vi.fn()} onSubmit={onSubmit} pending={pending} />
    </Theme>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('AddNoteDialog', () => {
  it('shows Title, an 8-row Content box and Tags (comma-separated)', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add New Note' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeRequired();
    expect(screen.getByLabelText('Content')).toHaveAttribute('rows', '8');
    expect(screen.getByLabelText('Tags (comma-separated)')).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Create Note' })).toBeEnabled();
  });

  it('splits tags on commas, trims them and drops empties', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'Board meeting');
    await user.type(screen.getByLabelText('Content'), 'Quarterly review{Enter}Bring numbers');
    await user.type(screen.getByLabelText('Tags (comma-separated)'), ' board, finance ,, ,q3,');
    await user.click(screen.getByRole('button', { name: 'Create Note' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Board meeting',
      body: 'Quarterly review\nBring numbers',
      tags: ['board', 'finance', 'q3'],
      shareable: false,
    });
  });

  it('sends an empty tag list when Tags is left empty', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 't');
    await user.type(screen.getByLabelText('Content'), 'b');
    await user.click(screen.getByRole('button', { name: 'Create Note' }));
    expect(onSubmit).toHaveBeenCalledWith({ title: 't', body: 'b', tags: [], shareable: false });
  });

  it('blocks an empty title or content', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Title'), 'only a title');
    await user.click(screen.getByRole('button', { name: 'Create Note' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
