import { FormField } from '@annie/ui/form-field/form-field';
import { formatPhone } from '@annie/ui/format';
import { Button, Flex, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

type Props = {
  number: string;
  busy: boolean;
  onConfirm: (code: string, onConfirmed: () => void) => void;
  onResend: () => void;
};

/** A new own number waiting for the code texted to it: until it is entered the number proves nothing. */
export function OwnNumberConfirm({ number, busy, onConfirm, onResend }: Props) {
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm(code.trim(), () => setCode(''));
  }
  return (
    <form onSubmit={submit} aria-label={`Confirm ${formatPhone(number)}`}>
      <Flex gap="2" align="end">
        <FormField label={`Code texted to ${formatPhone(number)}`}>
          {(control) => (
            <TextField.Root
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy || !code.trim()}>
          Confirm
        </Button>
        <Button type="button" variant="soft" disabled={busy} onClick={onResend}>
          Send a new code
        </Button>
      </Flex>
    </form>
  );
}
