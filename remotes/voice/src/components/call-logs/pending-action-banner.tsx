import { type PendingAction, textNumberWarning } from '@annie/contracts/trust';
import { ApprovalBanner } from '@annie/ui/approval-banner/approval-banner';
import { formatDateTime, formatPhone } from '@annie/ui/format';
import { Badge, Callout, Flex, Text } from '@radix-ui/themes';
import { type CallParty, senderLabelOf } from '../../lib/call-party.ts';

type Props = {
  action: PendingAction;
  /** `numberTypeConfirmed`: the number's warning was on screen when the user pressed Send. */
  onSend: (text: string, numberTypeConfirmed: boolean) => void;
  onReject: () => void;
  pending: boolean;
  /** The call's other party, so that a request from a known contact is under their name. */
  party?: CallParty;
};

const DECIDED: Record<
  Exclude<PendingAction['status'], 'pending'>,
  { label: string; color: 'green' | 'gray' }
> = {
  sending: { label: 'Sending', color: 'gray' },
  sent: { label: 'Sent', color: 'green' },
  rejected: { label: 'Rejected', color: 'gray' },
};

/**
 * A caller's request waiting for the executive: what they asked to be sent, to which number, by whom
 * and when. The text can be edited; nothing is sent until Send. A number that is not a mobile (premium
 * rate, landline…) is flagged before Send, since the caller's number may be spoofed. A decided request
 * shows its outcome.
 */
export function PendingActionBanner({ action, onSend, onReject, pending, party }: Props) {
  const who = senderLabelOf(party, action.requestedBy, action.requestedByE164);
  const name = who.split(' · ')[0] ?? who;
  const warning = textNumberWarning(action.toNumberType);
  if (action.status !== 'pending') {
    const decided = DECIDED[action.status];
    return (
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="2">
          Text requested by {who}: {action.body}
        </Text>
        <Badge color={decided.color}>{decided.label}</Badge>
      </Flex>
    );
  }
  return (
    <ApprovalBanner
      label={`Request from ${name}`}
      title={`${who} asked for a text to ${formatPhone(action.toE164)}`}
      detail={
        <Flex direction="column" gap="2">
          <Text as="div" size="1" color="gray">
            {formatDateTime(action.createdAt)} · nothing is sent until you approve
          </Text>
          {warning && (
            <Callout.Root color="red" size="1" role="alert">
              <Callout.Text>{warning} Send only if you expected it.</Callout.Text>
            </Callout.Root>
          )}
        </Flex>
      }
      initialText={action.body}
      textLabel="Requested text"
      onSend={(text) => onSend(text, warning !== null)}
      onReject={onReject}
      pending={pending}
    />
  );
}
