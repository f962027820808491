import type { Fact, UpdateFactRequest } from '@annie/api-client/contracts/knowledge';
import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { Button, Code, Dialog, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { type FactFormValues, factFormValues, toUpdateFactRequest } from '../lib/fact-form.ts';
import { FactFields } from './fact-fields.tsx';

type Props = {
  /** The fact being edited; the dialog is open while it is set. */
  fact: Fact | null;
  onClose: () => void;
  onSave: (fact: Fact, changes: UpdateFactRequest) => void;
  onDelete: (fact: Fact) => void;
  saving: boolean;
  deleting: boolean;
};

/** Edit Fact: a new value or unit is saved as the next version; the fact can also be deleted here. */
export function EditFactDialog({ fact, onClose, onSave, onDelete, saving, deleting }: Props) {
  return (
    <Dialog.Root open={fact !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Edit Fact</Dialog.Title>
        {fact && (
          <EditFactForm
            key={fact.id}
            fact={fact}
            onSave={onSave}
            onDelete={onDelete}
            saving={saving}
            deleting={deleting}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function EditFactForm({
  fact,
  onSave,
  onDelete,
  saving,
  deleting,
}: Omit<Props, 'fact' | 'onClose'> & { fact: Fact }) {
  const [values, setValues] = useState<FactFormValues>(() => factFormValues(fact));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const change = (changes: Partial<FactFormValues>) => setValues((current) => ({ ...current, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave(fact, toUpdateFactRequest(values));
  }

  return (
    <>
      <form onSubmit={submit}>
        <Flex direction="column" gap="3">
          <Dialog.Description size="2" color="gray">
            <Code variant="ghost">{fact.key}</Code> is at version {fact.version}. Saving a new value or unit
            creates version {fact.version + 1}; earlier versions stay in the history.
          </Dialog.Description>
          <FactFields values={values} onChange={change} />
          <Flex gap="3" justify="between" mt="2" wrap="wrap">
            <Button type="button" variant="soft" color="red" onClick={() => setConfirmingDelete(true)}>
              Delete Fact
            </Button>
            <Flex gap="3">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Changes'}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </form>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete fact?"
        description={
          <>
            <Text weight="medium">{fact.key}</Text> and all of its versions will be permanently deleted.
          </>
        }
        onConfirm={() => onDelete(fact)}
        pending={deleting}
      />
    </>
  );
}
