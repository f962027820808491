import { PHONE_CALL_PURPOSE_MAX, PURPOSE_REQUIRED_MESSAGE } from '@annie/api-client/contracts/phone-calls';
import { FormField } from '@annie/ui/form-field/form-field';
import { formatPhone } from '@annie/ui/format';
import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';

/** Whom a call button would have the assistant phone. */
export type CallTarget = { phone: string; name: string };

type Props = {
  target: CallTarget;
  assistantName: string;
  /** The call is being placed. */
  pending: boolean;
  /** Why the server refused the call, shown in the dialog. */
  refusal?: string;
  onConfirm: (purpose: string) => void;
  onCancel: () => void;
};

/**
 * Before anything is dialled: whom the assistant will phone (by name, the number formatted) and what
 * for. Nothing happens until "Call" is pressed with a purpose; Cancel or Escape places no call.
 */
export function CallPurposeDialog({ target, assistantName, pending, refusal, onConfirm, onCancel }: Props) {
  const [purpose, setPurpose] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!purpose.trim()) {
      setError(PURPOSE_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    onConfirm(purpose.trim());
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onCancel()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Call {target.name}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {assistantName} will phone {target.name} at {formatPhone(target.phone)} for you.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3" mt="4">
            <FormField
              label="Purpose"
              hint={`What should ${assistantName} say or get done on this call?`}
              error={error}
            >
              {(control) => (
                <TextArea
                  {...control}
                  required
                  rows={4}
                  maxLength={PHONE_CALL_PURPOSE_MAX}
                  placeholder="e.g. Confirm Thursday's 3 pm meeting and ask whether they need parking"
                  value={purpose}
                  onChange={(event) => setPurpose(event.target.value)}
                />
              )}
            </FormField>
            {refusal && (
              <Text role="alert" size="2" color="red">
                {refusal}
              </Text>
            )}
          </Flex>
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" disabled={pending}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={pending}>
              Call {target.name}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
