import type { PhoneAccess } from '@annie/contracts/trust';
import { FormField } from '@annie/ui/form-field/form-field';
import { formatDateAndTime, formatPhone, formatTime } from '@annie/ui/format';
import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';

type Props = {
  access: PhoneAccess;
  clearing: boolean;
  onClear: (currentPassword: string, onError: (message: string) => void) => void;
};

/**
 * Wrong passcodes keyed from your number stop the check for a while. Caller ID can be faked, so a
 * lockout may be someone else's doing: each is listed (when, from which number) and you can lift it
 * with your account password (lifting restarts the passcode count).
 */
export function PhoneLockouts({ access, clearing, onClear }: Props) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<string>();
  if (!access.lockedUntil && access.lockouts.length === 0) return null;
  return (
    <Flex direction="column" gap="2" role="region" aria-label="Passcode lockouts">
      {access.lockedUntil && (
        <Callout.Root color="red" size="1">
          <Callout.Text>
            Too many wrong passcodes: the phone check is locked until {formatTime(access.lockedUntil)}. If it
            was not you, someone may be faking your caller ID.
          </Callout.Text>
        </Callout.Root>
      )}
      <Text size="2" weight="medium">
        Passcode lockouts
      </Text>
      <ul aria-label="Lockouts" style={{ margin: 0, paddingLeft: '1.2em' }}>
        {access.lockouts.map((lockout) => (
          <li key={lockout.id}>
            <Text size="1">
              {formatDateAndTime(lockout.lockedAt)}, from {formatPhone(lockout.callerE164)}
              {lockout.clearedAt ? ' (cleared)' : ''}
            </Text>
          </li>
        ))}
      </ul>
      {access.lockedUntil && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            onClear(currentPassword, setError);
          }}
        >
          <Flex gap="2" align="end">
            <FormField label="Your account password, to clear the lockout" error={error}>
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
            <Button type="submit" color="red" variant="soft" disabled={clearing}>
              Clear lockout
            </Button>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
