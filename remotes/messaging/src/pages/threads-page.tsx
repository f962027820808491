import { useSmsLiveEvents } from '@annie/api-client/sms/use-sms-live-events';
import { useSmsThreads } from '@annie/api-client/sms/use-sms-threads';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { IncrementalList } from '@annie/ui/incremental-list/incremental-list';
import { LoadFailed } from '@annie/ui/load-failed/load-failed';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { Spinner } from '@annie/ui/spinner/spinner';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Box, Flex } from '@radix-ui/themes';
import { useDeferredValue, useMemo, useState } from 'react';
import { ThreadRow } from '../components/thread-row.tsx';
import { threadMatches } from '../lib/thread-search.ts';

/** The Messages screen (/sms): threads (family first, then newest), live, with search. */
export default function ThreadsPage() {
  useSmsLiveEvents();
  const threads = useSmsThreads();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const matching = useMemo(
    () => (threads.data ?? []).filter((thread) => threadMatches(thread, deferredQuery)),
    [threads.data, deferredQuery],
  );
  // The same element while the results stand: a keystroke re-renders the search box, not the rows.
  const list = useMemo(
    () => (
      <IncrementalList items={matching}>
        {(visible) => (
          <Flex asChild direction="column" gap="2" p="0" m="0">
            <ul aria-label="Conversations">
              {visible.map((thread) => (
                <li key={thread.id} style={{ listStyle: 'none' }}>
                  <ThreadRow thread={thread} />
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </IncrementalList>
    ),
    [matching],
  );

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader title="Messages" />
      <SearchField
        placeholder="Search messages..."
        label="Search messages"
        value={query}
        onChange={setQuery}
      />
      {threads.isPending ? (
        <Flex justify="center" py="8">
          <Spinner size="3" />
        </Flex>
      ) : threads.isError ? (
        <LoadFailed
          message="Failed to load messages."
          onRetry={() => void threads.refetch()}
          details={threads.error.message}
        />
      ) : threads.data.length === 0 ? (
        <EmptyState icon={<ChatBubbleIcon width={32} height={32} />} title="No messages yet" />
      ) : matching.length === 0 ? (
        <EmptyState title="No matching conversations" description={`Nothing matches "${deferredQuery}"`} />
      ) : (
        list
      )}
    </Box>
  );
}
