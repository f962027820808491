import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Dialog, Flex } from '@radix-ui/themes';
import { usePhoneAccess } from '../../api/use-phone-access.ts';
import { PhoneAccessForm } from './phone-access-form.tsx';
import { PhoneLockouts } from './phone-lockouts.tsx';
import { PhoneNumbers } from './phone-numbers.tsx';
import { usePhoneAccessActions } from './use-phone-access-actions.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Phone access: the executive's own numbers (each confirmed by a texted code), the phone passcode that
 * proves it is them on a call (keyed, then #; said aloud only if they allow it) and its lockouts. A
 * call from one of these numbers is a caller like any other until then.
 */
export function PhoneAccessDialog({ open, onOpenChange }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>Phone access</Dialog.Title>
        <Dialog.Description size="2" color="gray">
          Calling from one of your numbers, key your passcode followed by # to use every tool. Until then the
          assistant treats you as any other caller.
        </Dialog.Description>
        <PhoneAccessBody onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** Mounted only while the dialog is open, so phone access is read when it is looked at. */
function PhoneAccessBody({ onDone }: { onDone: () => void }) {
  const access = usePhoneAccess();
  const actions = usePhoneAccessActions();
  return (
    <LoadStatus
      loading={access.isPending}
      failed={access.isError}
      message="Failed to load phone access."
      details={access.error?.message}
      onRetry={() => void access.refetch()}
      skeletonRows={3}
      label="Loading phone access"
      data={access.data}
    >
      {(loaded) => (
        <Flex direction="column" gap="3">
          <PhoneNumbers access={loaded} actions={actions} />
          <PhoneLockouts
            access={loaded}
            clearing={actions.clearing}
            onClear={(currentPassword, onError) => actions.clearLockout(currentPassword, { onError })}
          />
          <PhoneAccessForm
            // A fresh form for each answer from the server: a saved passcode and password are not kept.
            key={access.dataUpdatedAt}
            access={loaded}
            saving={actions.saving}
            onSave={(request, onError) => actions.save(request, { onDone, onError })}
          />
        </Flex>
      )}
    </LoadStatus>
  );
}
