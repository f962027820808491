import type { Note } from '@annie/contracts/knowledge';
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddNoteDialog, EditNoteDialog } from './note-dialogs.tsx';

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

const note: Note = {
  id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77',
  title: 'Board meeting',
  body: 'Quarterly review',
  tags: ['board', 'finance'],
  source: 'other',
  shareable: false,
  createdAt: '2026-01-05T15:04:00.000Z',
  updatedAt: '2026-01-05T15:04:00.000Z',
};

describe('EditNoteDialog', () => {
  function renderDialog() {
    const onSave = vi.fn();
    const onDelete = vi.fn();
    render(
      <Theme>
        <EditNoteDialog
          note={note}
          onClose={vi.fn()}
          onSave={onSave}
          onDelete={onDelete}
          saving={false}
          deleting={false}
        />
      </Theme>,
    );
    return { onSave, onDelete, user: userEvent.setup() };
  }

  it('starts from the note and saves the parsed tags', async () => {
    const { onSave, user } = renderDialog();
    expect(screen.getByLabelText('Tags (comma-separated)')).toHaveValue('board, finance');
    await user.type(screen.getByLabelText('Tags (comma-separated)'), ', , q3 ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith(note, {
      title: 'Board meeting',
      body: 'Quarterly review',
      tags: ['board', 'finance', 'q3'],
      shareable: false,
    });
  });

  it('asks before deleting; Cancel keeps the note', async () => {
    const { onDelete, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete Note' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete note?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Note' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(note);
  });
});
