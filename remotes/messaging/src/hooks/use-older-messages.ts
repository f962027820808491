import type { SmsMessage, SmsThreadDetail } from '@annie/contracts/sms';
import { useCallback, useState } from 'react';
import { getOlderSmsMessages } from '../api/sms-thread-query.ts';

/**
 * The thread's messages with older pages loaded on request: the thread answer holds the latest 200,
 * and each "Load older messages" prepends the page before the oldest one shown.
 */
export function useOlderMessages(thread: SmsThreadDetail | undefined) {
  const [older, setOlder] = useState<{ threadId: string; messages: SmsMessage[]; hasMore: boolean }>();
  const [loading, setLoading] = useState(false);
  const current = older && older.threadId === thread?.id ? older : undefined;
  const messages = [...(current?.messages ?? []), ...(thread?.messages ?? [])];
  const hasOlder = current ? current.hasMore : (thread?.hasOlderMessages ?? false);

  const loadOlder = useCallback(async () => {
    const oldest = messages[0];
    if (!thread || !oldest) return;
    setLoading(true);
    try {
      const page = await getOlderSmsMessages(thread.id, oldest.id);
      setOlder({
        threadId: thread.id,
        messages: [...page.messages, ...(current?.messages ?? [])],
        hasMore: page.hasOlderMessages,
      });
    } finally {
      setLoading(false);
    }
  }, [thread, messages, current]);

  return { messages, hasOlder, loadOlder, loadingOlder: loading };
}
