import { usePendingActions } from '@annie/api-client/trust/use-pending-actions';
import { Badge } from '@radix-ui/themes';

/** How many callers' requests wait for the signed-in user, beside Call Logs; nothing when none do. */
export function PendingCount() {
  const count = usePendingActions().data?.pendingCount ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      color="yellow"
      radius="full"
      ml="1"
      aria-label={`${count} pending ${count === 1 ? 'request' : 'requests'}`}
    >
      {count}
    </Badge>
  );
}
