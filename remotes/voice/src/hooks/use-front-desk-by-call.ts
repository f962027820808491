import { usePendingActions } from '@annie/api-client/trust/use-pending-actions';
import type { CallMessage, PendingAction } from '@annie/contracts/trust';
import { useMemo } from 'react';
import { useCallMessages } from '../api/use-call-messages.ts';

const NONE: never[] = [];

function byCall<T extends { callSessionId: string | null }>(items: T[] | undefined): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const item of items ?? []) {
    if (!item.callSessionId) continue;
    grouped.set(item.callSessionId, [...(grouped.get(item.callSessionId) ?? []), item]);
  }
  return grouped;
}

/** The requests and messages callers left, grouped by the call they came in on. */
export function useFrontDeskByCall() {
  const actions = usePendingActions();
  const messages = useCallMessages();
  return useMemo(() => {
    const actionsByCall = byCall<PendingAction>(actions.data?.items);
    const messagesByCall = byCall<CallMessage>(messages.data);
    return {
      actionsOf: (callSessionId: string) => actionsByCall.get(callSessionId) ?? NONE,
      messagesOf: (callSessionId: string) => messagesByCall.get(callSessionId) ?? NONE,
    };
  }, [actions.data, messages.data]);
}
