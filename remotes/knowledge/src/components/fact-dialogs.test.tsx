import type { Fact } from '@annie/contracts/knowledge';
import { Theme } from '@radix-ui/themes';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddFactDialog, EditFactDialog } from './fact-dialogs.tsx';

function renderDialog(pending = false) {
  const onSubmit = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <Theme>
      <AddFactDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} pending={pending} />
    </Theme>,
  );
  return { onSubmit, onOpenChange, user: userEvent.setup() };
}

describe('AddFactDialog', () => {
  it('shows the Add New Fact fields and buttons', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add New Fact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByRole('radio', { name: 'Text' })).toBeChecked();
    expect(screen.getByLabelText('Value')).toBeRequired();
    expect(screen.queryByText(/JSON/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Unit (optional)')).not.toBeRequired();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Fact' })).toBeEnabled();
  });

  it('sends a Fields value as an object, numbers as numbers, with its unit', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'company_revenue');
    await user.click(screen.getByRole('radio', { name: 'Fields' }));
    expect(screen.getByText('One field per line, as Name: value')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Value'), 'fy2024: 12500000{Enter}auditor: KPMG');
    await user.type(screen.getByLabelText('Unit (optional)'), 'USD');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(onSubmit).toHaveBeenCalledWith({
      key: 'company_revenue',
      value: { fy2024: 12500000, auditor: 'KPMG' },
      unit: 'USD',
      shareable: false,
    });
  });

  it('sends a Number as a number, from a number input', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'head_count');
    await user.click(screen.getByRole('radio', { name: 'Number' }));
    expect(screen.getByLabelText('Value')).toHaveAttribute('type', 'number');
    await user.type(screen.getByLabelText('Value'), '42');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(onSubmit).toHaveBeenCalledWith({ key: 'head_count', value: 42, shareable: false });
  });

  it('sends a Text value as typed and leaves out an empty unit', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'ceo_name');
    await user.type(screen.getByLabelText('Value'), 'Margaret Holloway');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(onSubmit).toHaveBeenCalledWith({ key: 'ceo_name', value: 'Margaret Holloway', shareable: false });
    expect(Object.keys(onSubmit.mock.calls[0]?.[0] ?? {})).not.toContain('unit');
  });

  it('is private unless Shareable is ticked; ticked, the fact may be used in automatic replies', async () => {
    const { onSubmit, user } = renderDialog();
    const shareable = screen.getByRole('checkbox', { name: /Shareable/ });
    expect(shareable).not.toBeChecked();
    await user.type(screen.getByLabelText('Name'), 'office_hours');
    await user.type(screen.getByLabelText('Value'), '9 to 5');
    await user.click(shareable);
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(onSubmit).toHaveBeenCalledWith({ key: 'office_hours', value: '9 to 5', shareable: true });
  });

  it('blocks an empty key or value', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Name'), 'k');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reads Creating... and is disabled while pending', () => {
    renderDialog(true);
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  });

  it('closes on Cancel without submitting', async () => {
    const { onSubmit, onOpenChange, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

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
    expect(dialog).toHaveTextContent('Company revenue is at version 2');
    expect(screen.getByRole('radio', { name: 'Fields' })).toBeChecked();
    expect(dialog).toHaveTextContent('creates version 3');
    expect(screen.getByLabelText('Value')).toHaveValue('fy2024: 12');
    expect(screen.getByLabelText('Unit (optional)')).toHaveValue('USD');
  });

  it('saves the parsed value, and an emptied unit as null', async () => {
    const { onSave, user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Text' }));
    await user.clear(screen.getByLabelText('Value'));
    await user.type(screen.getByLabelText('Value'), 'thirteen million');
    await user.clear(screen.getByLabelText('Unit (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith(fact, { value: 'thirteen million', unit: null, shareable: false });
  });

  it('deletes only after confirming', async () => {
    const { onDelete, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Delete Fact' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete fact?' });
    expect(confirm).toHaveTextContent('Company revenue and all of its versions will be permanently deleted.');
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(fact);
  });
});
