import type { PhoneAccess, UpdatePhoneAccess } from '@annie/api-client/contracts/trust';
import { usePhoneAccess } from '@annie/api-client/trust/use-phone-access';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { usePhoneAccessActions } from './use-phone-access-actions.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Phone access: the executive's own numbers and the phone passcode that proves it is them on a call
 * (keyed, then #, or said). A call from one of these numbers is a caller like any other until then.
 */
export function PhoneAccessDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Phone access</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          Calling from one of your numbers, key your passcode followed by # (or say it) to use every tool.
          Until then the assistant treats you as any other caller.
        </Dialog.Description>
        <PhoneAccessBody onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Mounted only while the dialog is open, so phone access is read when it is looked at. */
function PhoneAccessBody({ onDone }: { onDone: () => void }) {
  const access = usePhoneAccess();
  if (access.isError) {
    return (
      <Text as="p" size="2" color="red" mt="3">
        Failed to load phone access.
      </Text>
    );
  }
  return access.data ? <PhoneAccessForm access={access.data} onDone={onDone} /> : null;
}

function PhoneAccessForm({ access, onDone }: { access: PhoneAccess; onDone: () => void }) {
  const [numbers, setNumbers] = useState(access.numbers.join(', '));
  const [passcode, setPasscode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const actions = usePhoneAccessActions();

  function submit(event: FormEvent) {
    event.preventDefault();
    const request: UpdatePhoneAccess = {
      numbers: numbers
        .split(',')
        .map((number) => number.trim())
        .filter(Boolean),
      ...(passcode ? { passcode, currentPassword } : {}),
    };
    actions.save(request, onDone);
  }

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3" mt="3">
        <FormField label="Your phone numbers (comma-separated)">
          {(control) => (
            <TextField.Root
              {...control}
              placeholder="+1 415 555 0100"
              value={numbers}
              onChange={(event) => setNumbers(event.target.value)}
            />
          )}
        </FormField>
        <Text size="1" color="gray">
          {access.passcodeSet
            ? 'A passcode is set. Enter a new one to change it.'
            : 'No passcode is set yet.'}
        </Text>
        <FormField label="New passcode (6 to 12 digits)">
          {(control) => (
            <TextField.Root
              {...control}
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              value={passcode}
              onChange={(event) => setPasscode(event.target.value)}
            />
          )}
        </FormField>
        {passcode && (
          <FormField label="Your account password">
            {(control) => (
              <TextField.Root
                {...control}
                type="password"
                required
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
              />
            )}
          </FormField>
        )}
        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={actions.saving}>
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
