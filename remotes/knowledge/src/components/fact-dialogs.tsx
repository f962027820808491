import type { CreateFactRequest, Fact, UpdateFactRequest } from '@annie/contracts/knowledge';
import { Text } from '@radix-ui/themes';
import {
  EMPTY_FACT_FORM,
  type FactFormValues,
  factFormValues,
  toCreateFactRequest,
  toUpdateFactRequest,
} from '../lib/fact-form.ts';
import { humanLabel } from '../lib/fact-label.ts';
import { EntryFormDialog } from './entry-form-dialog.tsx';
import { FactFields } from './fact-fields.tsx';

type AddProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (request: CreateFactRequest) => void;
  pending: boolean;
};

/** Add New Fact: Name, Type, Value (typed), Unit (optional); Cancel / Create Fact. */
export function AddFactDialog({ open, onOpenChange, onSubmit, pending }: AddProps) {
  return (
    <EntryFormDialog<FactFormValues>
      title="Add New Fact"
      maxWidth="520px"
      open={open}
      onOpenChange={onOpenChange}
      form={{
        id: 'new',
        initialValues: EMPTY_FACT_FORM,
        fields: (values, change) => <FactFields withKey values={values} onChange={change} />,
        submitLabel: 'Create Fact',
        pendingLabel: 'Creating...',
        pending,
        onSubmit: (values) => onSubmit(toCreateFactRequest(values)),
      }}
    />
  );
}

type EditProps = {
  /** The fact being edited; the dialog is open while it is set. */
  fact: Fact | null;
  onClose: () => void;
  onSave: (fact: Fact, changes: UpdateFactRequest) => void;
  onDelete: (fact: Fact) => void;
  saving: boolean;
  deleting: boolean;
};

/** Edit Fact: a new value or unit is saved as the next version; the fact can also be deleted here. */
export function EditFactDialog({ fact, onClose, onSave, onDelete, saving, deleting }: EditProps) {
  return (
    <EntryFormDialog<FactFormValues>
      title="Edit Fact"
      maxWidth="520px"
      open={fact !== null}
      onOpenChange={(open) => !open && onClose()}
      form={
        fact && {
          id: fact.id,
          initialValues: factFormValues(fact),
          description: (
            <>
              <Text weight="medium">{humanLabel(fact.key)}</Text> is at version {fact.version}. Saving a new
              value or unit creates version {fact.version + 1}; earlier versions stay in the history.
            </>
          ),
          fields: (values, change) => <FactFields withKey={false} values={values} onChange={change} />,
          submitLabel: 'Save Changes',
          pendingLabel: 'Saving...',
          pending: saving,
          onSubmit: (values) => onSave(fact, toUpdateFactRequest(values)),
          deletion: {
            label: 'Delete Fact',
            confirmTitle: 'Delete fact?',
            confirmDescription: (
              <>
                <Text weight="medium">{humanLabel(fact.key)}</Text> and all of its versions will be
                permanently deleted.
              </>
            ),
            onConfirm: () => onDelete(fact),
            pending: deleting,
          },
        }
      }
    />
  );
}
