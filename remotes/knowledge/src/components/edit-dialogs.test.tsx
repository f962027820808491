import type { Fact, Note } from '@annie/api-client/contracts/knowledge';
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditFactDialog } from './edit-fact-dialog.tsx';
import { EditNoteDialog } from './edit-note-dialog.tsx';

const fact: Fact = {
  id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
  key: 'company_revenue',
  value: { fy2024: 12 },
  unit: 'USD',
  version: 2,
  source: 'other',
  shareable: false,
  createdAt: '2026-01-05T15:04:00.000Z',
  approvedAt: null,
};

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

describe('EditFactDialog', () => {
  function renderDialog() {
    const onSave = vi.fn();
    const onDelete = vi.fn();
    render(
      <Theme>
        <EditFactDialog
          fact={fact}
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

  it('starts from the current value and unit and tells which version a save creates', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Edit Fact' });
    expect(dialog).toHaveTextContent('company_revenue is at version 2');
    expect(dialog).toHaveTextContent('creates version 3');
    expect(screen.getByLabelText('Value (JSON format)')).toHaveValue('{\n  "fy2024": 12\n}');
    expect(screen.getByLabelText('Unit (optional)')).toHaveValue('USD');
  });

  it('saves the parsed value, and an emptied unit as null', async () => {
    const { onSave, user } = renderDialog();
    await user.clear(screen.getByLabelText('Value (JSON format)'));
    await user.type(screen.getByLabelText('Value (JSON format)'), 'thirteen million');
    await user.clear(screen.getByLabelText('Unit (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith(fact, { value: 'thirteen million', unit: null, shareable: false });
  });

  it('deletes only after confirming', async () => {
    const { onDelete, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete Fact' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete fact?' });
    expect(confirm).toHaveTextContent('company_revenue and all of its versions will be permanently deleted.');
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(fact);
  });
});

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
