import type { PhoneAccess, UpdatePhoneAccess } from '@annie/contracts/trust';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Checkbox, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

type Props = {
  access: PhoneAccess;
  saving: boolean;
  onSave: (request: UpdatePhoneAccess, onError: (message: string) => void) => void;
};

export const SPOKEN_PASSCODE_WARNING =
  'A spoken passcode is heard by the speech model that transcribes the call. Keying it, then #, keeps it off the line.';

/** A new passcode and whether it may be said; the password guards both. Refusals are said under Save. */
export function PhoneAccessForm({ access, saving, onSave }: Props) {
  const [error, setError] = useState<string>();
  const [passcode, setPasscode] = useState('');
  const [spoken, setSpoken] = useState(access.spokenPasscode);
  const [currentPassword, setCurrentPassword] = useState('');
  // Turning saying on weakens the check, so it needs the password like a new passcode.
  const needsPassword = passcode !== '' || (spoken && !access.spokenPasscode);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    onSave(
      {
        // The numbers are changed in their list above; the passcode's save keeps them as they are.
        numbers: access.numbers,
        ...(passcode ? { passcode } : {}),
        ...(spoken !== access.spokenPasscode ? { spokenPasscode: spoken } : {}),
        ...(needsPassword ? { currentPassword } : {}),
      },
      setError,
    );
  }

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3" mt="3">
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
        <Flex direction="column" gap="1">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox checked={spoken} onCheckedChange={(checked) => setSpoken(checked === true)} />
              Also accept the passcode said aloud
            </Flex>
          </Text>
          {spoken && (
            <Text size="1" color="orange">
              {SPOKEN_PASSCODE_WARNING}
            </Text>
          )}
        </Flex>
        {needsPassword && (
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
        {error && (
          <Text as="p" size="2" color="red" role="alert">
            {error}
          </Text>
        )}
        <Flex gap="3" justify="end" mt="2">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
          <Button type="submit" disabled={saving}>
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
