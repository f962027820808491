import { PHONE_OWN_NUMBERS_MAX, type PhoneAccess } from '@annie/contracts/trust';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { PhoneNumberRow } from './phone-number-row.tsx';
import type { PhoneAccessActions } from './use-phone-access-actions.ts';

type Props = { access: PhoneAccess; actions: PhoneAccessActions };

/** Your numbers, each Verified or Pending with its own actions, and a field to add one. */
export function PhoneNumbers({ access, actions }: Props) {
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string>();
  const pending = new Set(access.unverifiedNumbers);
  const full = access.numbers.length >= PHONE_OWN_NUMBERS_MAX;

  function add(event: FormEvent) {
    event.preventDefault();
    setAddError(undefined);
    actions.setNumbers([...access.numbers, adding.trim()], 'added', {
      onDone: () => setAdding(''),
      onError: setAddError,
    });
  }

  return (
    <Flex direction="column" gap="2" mt="3" role="region" aria-label="Your phone numbers">
      <Text size="2" weight="medium">
        Your phone numbers
      </Text>
      {access.numbers.length === 0 ? (
        <Text size="2" color="gray">
          No number yet. Add your mobile: it is texted a code, and counts as yours once you enter it.
        </Text>
      ) : (
        <ul aria-label="Numbers" style={{ margin: 0, padding: 0 }}>
          {access.numbers.map((number) => (
            <PhoneNumberRow
              key={number}
              number={number}
              verified={!pending.has(number)}
              others={access.numbers.filter((other) => other !== number)}
              actions={actions}
            />
          ))}
        </ul>
      )}
      {full ? (
        <Text size="1" color="gray">
          {PHONE_OWN_NUMBERS_MAX} numbers at most: remove one to add another.
        </Text>
      ) : (
        <form onSubmit={add} aria-label="Add a number">
          <Flex gap="2" align="end" wrap="wrap">
            <FormField
              label="Add a mobile number"
              hint={addError ? undefined : 'It is texted a code to verify it.'}
              error={addError}
            >
              {(control) => (
                <TextField.Root
                  {...control}
                  type="tel"
                  autoComplete="tel"
                  placeholder="+1 415 555 0100"
                  value={adding}
                  onChange={(event) => {
                    setAdding(event.target.value);
                    setAddError(undefined);
                  }}
                />
              )}
            </FormField>
            <Button type="submit" variant="soft" disabled={actions.saving || !adding.trim()}>
              Add number
            </Button>
          </Flex>
        </form>
      )}
    </Flex>
  );
}
