import type { CreateContactRequest } from '@annie/contracts/contacts';
import { Button, Dialog, Flex } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import {
  type ContactFormErrors,
  type ContactFormValues,
  EMPTY_CONTACT_FORM,
  validateContactForm,
} from '../lib/contact-form.ts';
import { ContactFields } from './contact-fields.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with a valid request; call `onDone` on success to close the dialog (the form then resets). */
  onSubmit: (request: CreateContactRequest, onDone: () => void) => void;
  pending: boolean;
  /** Fields filled in advance (the number of a thread with someone unknown). */
  initial?: Partial<ContactFormValues>;
};

/** Add Contact: every field, starting from EMPTY_CONTACT_FORM's defaults; closes and resets on success. */
export function AddContactDialog({ open, onOpenChange, onSubmit, pending, initial }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="600px" aria-describedby={undefined}>
        <Dialog.Title>Add Contact</Dialog.Title>
        {/* Mounted only while open, so each opening starts from an empty form. */}
        {open && (
          <AddContactForm
            initial={initial}
            onSubmit={(request) => onSubmit(request, () => onOpenChange(false))}
            pending={pending}
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function AddContactForm({
  onSubmit,
  pending,
  initial,
}: {
  onSubmit: (request: CreateContactRequest) => void;
  pending: boolean;
  initial?: Partial<ContactFormValues>;
}) {
  const [values, setValues] = useState<ContactFormValues>({ ...EMPTY_CONTACT_FORM, ...initial });
  const [errors, setErrors] = useState<ContactFormErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateContactForm(values);
    setErrors(checked.errors ?? {});
    if (checked.request) onSubmit(checked.request);
  }

  return (
    <form onSubmit={submit} noValidate>
      <ContactFields
        values={values}
        errors={errors}
        onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
      />
      <Flex gap="3" justify="end" mt="4">
        <Dialog.Close>
          <Button type="button" variant="soft" color="gray">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={pending}>
          Add Contact
        </Button>
      </Flex>
    </form>
  );
}
