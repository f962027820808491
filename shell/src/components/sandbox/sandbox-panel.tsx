import { useContacts } from '@annie/api-client/contacts/use-contacts';
import { Dialog } from '@radix-ui/themes';
import { InboundTextForm, type TextSender } from './inbound-text-form.tsx';
import { useSandboxActions } from './use-sandbox-actions.ts';

/**
 * The sandbox panel: a contact texts the messaging number, through the Twilio fake and the real webhook,
 * so the text lands in its thread and the assistant drafts a reply as it would for a real one.
 */
export function SandboxPanel({ onClose }: { onClose: () => void }) {
  const contacts = useContacts();
  const actions = useSandboxActions();
  const senders: TextSender[] = (contacts.data ?? []).flatMap(({ contact }) =>
    contact.phonePrimary
      ? [
          {
            name: contact.nickname ? `${contact.name} (${contact.nickname})` : contact.name,
            phone: contact.phonePrimary,
          },
        ]
      : [],
  );
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Simulate an inbound text</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          A contact texts your messaging number through the simulated Twilio; the assistant drafts a reply.
        </Dialog.Description>
        <InboundTextForm
          senders={senders}
          sending={actions.sending}
          onCancel={onClose}
          onSubmit={(from, body) => actions.simulateText(from, body, onClose)}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
