import { FormField } from '@annie/ui/form-field/form-field';
import { formatPhone } from '@annie/ui/format';
import { Badge, Button, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import type { PhoneAccessActions } from './use-phone-access-actions.ts';

type Props = {
  number: string;
  verified: boolean;
  /** The numbers kept when this one is removed. */
  others: string[];
  actions: PhoneAccessActions;
};

/**
 * One of your numbers: Verified, or Pending until the code texted to it is entered (with Resend), and
 * Remove (asked twice). What the server refuses is said under the row.
 */
export function PhoneNumberRow({ number, verified, others, actions }: Props) {
  const shown = formatPhone(number);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState(false);
  const busy = actions.confirming || actions.resending || actions.saving;

  function confirm(event: FormEvent) {
    event.preventDefault();
    setCodeError(undefined);
    setError(undefined);
    actions.confirm(number, code.trim(), {
      onDone: () => setCode(''),
      onError: setCodeError,
    });
  }

  return (
    <li aria-label={shown} style={{ listStyle: 'none' }}>
      <Flex direction="column" gap="2" py="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="2" weight="medium" style={{ minWidth: '9.5rem' }}>
            {shown}
          </Text>
          {verified ? (
            <Badge color="green">Verified</Badge>
          ) : (
            <Badge color="amber">Pending: enter the texted code</Badge>
          )}
          <Flex gap="2" ml="auto">
            {!verified && (
              <Button
                size="1"
                variant="soft"
                type="button"
                disabled={busy}
                onClick={() => {
                  setError(undefined);
                  actions.resend(number, { onError: setError });
                }}
              >
                Resend code
              </Button>
            )}
            {removing ? (
              <>
                <Button
                  size="1"
                  color="red"
                  type="button"
                  disabled={busy}
                  aria-label={`Yes, remove ${shown}`}
                  onClick={() =>
                    actions.setNumbers(others, 'removed', {
                      onError: (message) => {
                        setRemoving(false);
                        setError(message);
                      },
                    })
                  }
                >
                  Yes, remove
                </Button>
                <Button size="1" variant="soft" color="gray" type="button" onClick={() => setRemoving(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <Button
                size="1"
                variant="soft"
                color="red"
                type="button"
                aria-label={`Remove ${shown}`}
                onClick={() => setRemoving(true)}
              >
                Remove
              </Button>
            )}
          </Flex>
        </Flex>
        {!verified && (
          <form onSubmit={confirm} aria-label={`Verify ${shown}`}>
            <Flex gap="2" align="end" wrap="wrap">
              <FormField label={`Code texted to ${shown}`} error={codeError}>
                {(control) => (
                  <TextField.Root
                    {...control}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={code}
                    onChange={(event) => {
                      setCode(event.target.value);
                      setCodeError(undefined);
                    }}
                  />
                )}
              </FormField>
              <Button type="submit" size="2" disabled={busy || !code.trim()}>
                Verify
              </Button>
            </Flex>
          </form>
        )}
        {error && (
          <Text as="p" size="1" color="red" role="alert">
            {error}
          </Text>
        )}
      </Flex>
    </li>
  );
}
