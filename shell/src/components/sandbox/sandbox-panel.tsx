import { useContacts } from '@annie/api-client/contacts/use-contacts';
import { Dialog } from '@radix-ui/themes';
import { InboundForm, type SandboxSimulation, type Sender } from './inbound-form.tsx';
import { useSandboxActions } from './use-sandbox-actions.ts';

const COPY: Record<SandboxSimulation, { title: string; description: string }> = {
  text: {
    title: 'Simulate an inbound text',
    description: 'A contact texts your number through the simulated Twilio; the assistant drafts a reply.',
  },
  call: {
    title: 'Simulate an inbound call',
    description:
      'A contact rings your number through the simulated Twilio; the assistant answers, and the call lands in Call History.',
  },
};

/**
 * The sandbox panel: a contact texts or calls the executive's number, through the Twilio fake and the real
 * webhooks, so the text is stored and drafted, and the call answered and recorded, as real ones are.
 */
export function SandboxPanel({
  simulation,
  onClose,
}: {
  simulation: SandboxSimulation;
  onClose: () => void;
}) {
  const { contacts } = useContacts();
  const actions = useSandboxActions();
  const senders: Sender[] = (contacts ?? []).flatMap(({ contact }) =>
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
        <Dialog.Title>{COPY[simulation].title}</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          {COPY[simulation].description}
        </Dialog.Description>
        <InboundForm
          simulation={simulation}
          senders={senders}
          sending={actions.sending}
          onCancel={onClose}
          onSubmit={(from, body) =>
            simulation === 'text'
              ? actions.simulateText(from, body, onClose)
              : actions.simulateCall(from, onClose)
          }
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
