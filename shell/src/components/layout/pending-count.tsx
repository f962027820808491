import { useApprovalsCount } from '@annie/api-client/inbox/use-approvals-count';
import { VisuallyHidden } from '@annie/ui/visually-hidden/visually-hidden';
import { Badge } from '@radix-ui/themes';

/**
 * How many items wait in the one approvals queue (the assistant's SMS drafts and callers' requests),
 * beside Messages; nothing when none do. The count is read with its words, inside the link's name.
 */
export function PendingCount() {
  const count = useApprovalsCount().data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Badge color="yellow" radius="full" ml="1" data-testid="approvals-count">
      {count}
      <VisuallyHidden> waiting for your approval</VisuallyHidden>
    </Badge>
  );
}
