import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ShareableField } from './shareable-field.tsx';

/** What every knowledge entry form holds besides its own fields. */
type EntryValues = { shareable: boolean };

/** The Delete button of an edit form and the confirmation it asks for. */
export type EntryDeletion = {
  label: string;
  confirmTitle: string;
  confirmDescription: ReactNode;
  onConfirm: () => void;
  pending: boolean;
};

/** One form: where it starts, its fields, its submit button and, when editing, its deletion. */
export type EntryForm<V extends EntryValues> = {
  /** Which entry the form is for; a new one starts the form afresh. */
  id: string;
  initialValues: V;
  description?: ReactNode;
  fields: (values: V, change: (changes: Partial<V>) => void) => ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: V) => void;
  deletion?: EntryDeletion;
};

type Props<V extends EntryValues> = {
  title: string;
  maxWidth: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form, mounted only while the dialog is open, so every opening starts from `initialValues`. */
  form: EntryForm<V> | null;
};

/**
 * The add and edit dialog of a fact or a note: the entry's fields, then Shareable; Cancel and the submit
 * button; an edit form also has a Delete button that asks before deleting.
 */
export function EntryFormDialog<V extends EntryValues>({
  title,
  maxWidth,
  open,
  onOpenChange,
  form,
}: Props<V>) {
  const described = form?.description !== undefined;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth={maxWidth} {...(described ? {} : { 'aria-describedby': undefined })}>
        <Dialog.Title>{title}</Dialog.Title>
        {form && <EntryFormBody key={form.id} {...form} />}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function EntryFormBody<V extends EntryValues>(form: EntryForm<V>) {
  const [values, setValues] = useState<V>(form.initialValues);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const change = (changes: Partial<V>) => setValues((current) => ({ ...current, ...changes }));
  const { deletion } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    form.onSubmit(values);
  }

  return (
    <>
      <form onSubmit={submit}>
        <Flex direction="column" gap="3">
          {form.description !== undefined && (
            <Dialog.Description size="2" color="gray">
              {form.description}
            </Dialog.Description>
          )}
          {form.fields(values, change)}
          <ShareableField
            checked={values.shareable}
            onChange={(shareable) => change({ shareable } as Partial<V>)}
          />
          <Flex gap="3" justify={deletion ? 'between' : 'end'} mt="2" wrap="wrap">
            {deletion && (
              <Button type="button" variant="soft" color="red" onClick={() => setConfirmingDelete(true)}>
                {deletion.label}
              </Button>
            )}
            <Flex gap="3">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={form.pending}>
                {form.pending ? form.pendingLabel : form.submitLabel}
              </Button>
            </Flex>
          </Flex>
        </Flex>
      </form>
      {deletion && (
        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={deletion.confirmTitle}
          description={deletion.confirmDescription}
          onConfirm={deletion.onConfirm}
          pending={deletion.pending}
        />
      )}
    </>
  );
}
