import { useSmsThreads } from '@annie/api-client/sms/use-sms-threads';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { ShowMore } from '@annie/ui/incremental-list/show-more';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { Box, Flex } from '@radix-ui/themes';
import { useCallback, useMemo, useState } from 'react';
import { useSmsLiveEvents } from '../api/use-sms-live-events.ts';
import { ThreadRow } from '../components/thread-row.tsx';

/**
 * The Messages screen (/sms): threads (family first, then newest), live, a page at a time, with a search
 * the server runs once typing pauses.
 */
export default function ThreadsPage() {
  useSmsLiveEvents();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const { query: list, threads } = useSmsThreads(search);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const showMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  // The same element while the results stand: a keystroke re-renders the search box, not the rows.
  const rows = useMemo(
    () => (
      <Flex asChild direction="column" gap="2" p="0" m="0">
        <ul aria-label="Conversations">
          {threads?.map((thread) => (
            <li key={thread.id} style={{ listStyle: 'none' }}>
              <ThreadRow thread={thread} />
            </li>
          ))}
        </ul>
      </Flex>
    ),
    [threads],
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
      <LoadStatus
        loading={list.isPending}
        failed={list.isError}
        message="Failed to load messages."
        onRetry={() => void list.refetch()}
        details={list.error?.message}
      >
        {!threads?.length ? (
          search ? (
            <EmptyState title="No matching conversations" description={`Nothing matches "${search}"`} />
          ) : (
            <EmptyState icon={<ChatBubbleIcon width={32} height={32} />} title="No messages yet" />
          )
        ) : (
          <>
            {rows}
            <ShowMore hasMore={hasNextPage} onShowMore={showMore} />
          </>
        )}
      </LoadStatus>
    </Box>
  );
}
