import type { PendingDraft } from '@annie/api-client/contracts/sms';
import { ApprovalBanner } from '@annie/ui/approval-banner/approval-banner';

type Props = {
  draft: PendingDraft;
  onSend: (text: string) => void;
  onReject: () => void;
  pending: boolean;
};

/** The yellow "Annie drafted a response" banner; the draft can be edited before it is sent. */
export function DraftBanner({ draft, onSend, onReject, pending }: Props) {
  return (
    <ApprovalBanner
      label="Annie drafted a response"
      title="Annie drafted a response"
      initialText={draft.draft}
      textLabel="Draft reply"
      onSend={onSend}
      onReject={onReject}
      pending={pending}
    />
  );
}
