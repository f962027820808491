import type { Approvals } from '@annie/contracts/inbox';
import { textNumberWarning } from '@annie/contracts/trust';
import { formatPhone } from '@annie/ui/format';
import { partyName } from './party-name.ts';

/** One item of the approvals queue, whichever its kind: what would be sent, to whom, asked by whom. */
export type ApprovalItem = {
  /** Unique across kinds. */
  key: string;
  kind: 'draft' | 'request';
  /** The thread (a draft) or the request. */
  id: string;
  /** Whom the text goes to, for people. */
  to: string;
  /** Where the item is decided in full: the thread, or Call Logs. */
  href: string;
  /** "Draft reply to Mum", "Rita asked for a text to (415) 555-0199". */
  title: string;
  text: string;
  /** The number is not a mobile (premium rate, landline…): said before sending. */
  warning: string | null;
  createdAt: string;
};

/** The queue as one list, the longest-waiting first: the drafts and the callers' requests together. */
export function approvalItems({ drafts, requests }: Approvals): ApprovalItem[] {
  const items: ApprovalItem[] = [];
  for (const thread of drafts) {
    const draft = thread.meta.pendingDraft;
    if (!draft) continue;
    const to = partyName(thread);
    items.push({
      key: `draft:${thread.id}`,
      kind: 'draft',
      id: thread.id,
      to,
      href: `/sms/${encodeURIComponent(thread.phoneE164)}`,
      title: `Draft reply to ${to}`,
      text: draft.draft,
      warning: null,
      createdAt: draft.createdAt,
    });
  }
  for (const request of requests) {
    const to = formatPhone(request.toE164);
    items.push({
      key: `request:${request.id}`,
      kind: 'request',
      id: request.id,
      to,
      href: '/call-logs',
      title: `${request.requestedBy} asked for a text to ${to}`,
      text: request.body,
      warning: textNumberWarning(request.toNumberType),
      createdAt: request.createdAt,
    });
  }
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
