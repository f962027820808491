import { errorMessage } from '@annie/api-client/http';
import { Button, Callout, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { confirmPassword } from './api/release-grant.ts';

type Props = {
  open: boolean;
  /** Why this page may not ask for the password (it offers a fresh page instead). */
  untrusted?: string;
  onCancel: () => void;
  /** Called once the password was confirmed (this page then holds a grant for a few minutes). */
  onConfirmed: () => void;
};

/** Asks the administrator's password again before an approval or a new deploy token. */
export function PasswordDialog({ open, untrusted, onCancel, onConfirmed }: Props) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    setPending(true);
    setProblem(null);
    try {
      await confirmPassword(password);
      setPassword('');
      onConfirmed();
    } catch (error) {
      setProblem(errorMessage(error, 'The password could not be confirmed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Content maxWidth="420px">
        <Dialog.Title>Confirm your password</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Approving a release for every tenant and issuing deploy tokens need your password again (it holds a
          few minutes, on this page only).
        </Dialog.Description>
        {untrusted ? (
          <Flex direction="column" gap="3">
            <Callout.Root color="amber" size="1">
              <Callout.Text>
                {untrusted} Approving and issuing tokens are done from a fresh page of the Remote releases
                screen.
              </Callout.Text>
            </Callout.Root>
            <Flex gap="3" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="button" onClick={() => window.location.assign(window.location.pathname)}>
                Open a fresh page
              </Button>
            </Flex>
          </Flex>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Text as="label" size="2">
              Password
              <TextField.Root
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                mt="1"
              />
            </Text>
            {problem && (
              <Callout.Root color="red" size="1" mt="3">
                <Callout.Text>{problem}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" mt="4" justify="end">
              <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending} disabled={!password}>
                Confirm
              </Button>
            </Flex>
          </form>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
