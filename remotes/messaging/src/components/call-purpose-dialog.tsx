import { PHONE_CALL_PURPOSE_MAX, PURPOSE_REQUIRED_MESSAGE } from '@annie/contracts/phone-calls';
import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Dialog, Flex, Select, Text, TextArea } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { type CallTarget, whom } from '../lib/call-target.ts';

/** What the executive confirmed: the purpose, and the voice profile (undefined: the active one). */
export type CallRequest = { purpose: string; profileId: string | undefined };

// The select's value for "the active profile" (Radix's select takes no empty value).
const ACTIVE = 'active';

type Props = {
  target: CallTarget;
  assistantName: string;
  /** The call is being placed. */
  pending: boolean;
  /** Why the server refused the call, shown in the dialog. */
  refusal?: string;
  /** The profiles to choose from (administrators); undefined: the active one is used, no choice. */
  profiles?: VoiceProfile[];
  onConfirm: (request: CallRequest) => void;
  onCancel: () => void;
};

/**
 * Before anything is dialled: whom the assistant will phone (by name, the number formatted) and what
 * for. Nothing happens until "Call" is pressed with a purpose; Cancel or Escape places no call.
 */
export function CallPurposeDialog({
  target,
  assistantName,
  pending,
  refusal,
  profiles,
  onConfirm,
  onCancel,
}: Props) {
  const [purpose, setPurpose] = useState('');
  const [profile, setProfile] = useState(ACTIVE);
  const active = profiles?.find((each) => each.isDefault);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!purpose.trim()) {
      setError(PURPOSE_REQUIRED_MESSAGE);
      return;
    }
    setError(undefined);
    onConfirm({ purpose: purpose.trim(), profileId: profile === ACTIVE ? undefined : profile });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onCancel()}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Call {target.name}</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {assistantName} will phone {whom(target)} for you.
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
            {profiles && profiles.length > 0 && (
              <FormField label="Voice profile">
                {(control) => (
                  <Select.Root value={profile} onValueChange={setProfile}>
                    <Select.Trigger {...control} />
                    <Select.Content>
                      <Select.Item value={ACTIVE}>
                        {active ? `Active profile (${active.name})` : 'Active profile'}
                      </Select.Item>
                      {profiles
                        .filter((each) => each.id !== active?.id)
                        .map((each) => (
                          <Select.Item key={each.id} value={each.id}>
                            {each.name}
                          </Select.Item>
                        ))}
                    </Select.Content>
                  </Select.Root>
                )}
              </FormField>
            )}
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
