import { LockClosedIcon } from '@radix-ui/react-icons';
import { Callout } from '@radix-ui/themes';

/** The privacy note: encrypted, used only for requests, disconnect any time. */
export function PrivacyNote() {
  return (
    <Callout.Root color="gray" variant="surface">
      <Callout.Icon>
        <LockClosedIcon />
      </Callout.Icon>
      <Callout.Text>
        Your data is encrypted and used only to fulfil your requests. You can disconnect your Google account
        at any time.
      </Callout.Text>
    </Callout.Root>
  );
}
