import { useApprovalsCount } from '@annie/api-client/inbox/use-approvals-count';
import { useSmsThreads } from '@annie/api-client/sms/use-sms-threads';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { ShowMore } from '@annie/ui/incremental-list/show-more';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { ChatBubbleIcon, Pencil2Icon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Flex, TabNav } from '@radix-ui/themes';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMessageSearch } from '../api/use-message-search.ts';
import { useSmsLiveEvents } from '../api/use-sms-live-events.ts';
import { ApprovalsView } from '../components/approvals-view.tsx';
import { ComposeDialog } from '../components/compose-dialog.tsx';
import { SearchHits } from '../components/search-hits.tsx';
import { ThreadRow } from '../components/thread-row.tsx';

/**
 * The Messages screen (/sms): New message; threads (family first, then newest), live, a page at a time,
 * with a search the server runs once typing pauses over names, numbers and the texts themselves; and
 * the one "Needs your approval" queue (/sms?view=approvals) with its count.
 */
export default function ThreadsPage() {
  useSmsLiveEvents();
  // useLocation, not useSearchParams: the shell's shared router surface has only the former.
  const approvalsTab = new URLSearchParams(useLocation().search).get('view') === 'approvals';
  const waiting = useApprovalsCount().data?.total;
  const [composing, setComposing] = useState(false);
  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Messages"
        actions={
          <Button onClick={() => setComposing(true)}>
            <Pencil2Icon /> New message
          </Button>
        }
      />
      <TabNav.Root mb="4" aria-label="Messages views">
        <TabNav.Link asChild active={!approvalsTab}>
          <Link to="/sms">All conversations</Link>
        </TabNav.Link>
        <TabNav.Link asChild active={approvalsTab}>
          <Link to="/sms?view=approvals">
            Needs your approval
            {waiting !== undefined && waiting > 0 && (
              <Badge ml="2" color="yellow" radius="full" data-testid="approvals-tab-count">
                {waiting}
              </Badge>
            )}
          </Link>
        </TabNav.Link>
      </TabNav.Root>
      <ComposeDialog open={composing} onOpenChange={setComposing} />
      {approvalsTab ? <ApprovalsView /> : <ThreadList />}
    </Box>
  );
}

/** Every conversation, with the search over names, numbers and (below) the texts themselves. */
function ThreadList() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const { query: list, threads } = useSmsThreads(search);
  const hits = useMessageSearch(search).data?.items;
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
  const found = search !== '' && hits !== undefined && hits.length > 0;

  return (
    <>
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
            !found && (
              <EmptyState title="No matching conversations" description={`Nothing matches "${search}"`} />
            )
          ) : (
            <EmptyState icon={<ChatBubbleIcon width={32} height={32} />} title="No messages yet" />
          )
        ) : (
          <>
            {rows}
            <ShowMore hasMore={hasNextPage} onShowMore={showMore} />
          </>
        )}
        {found && <SearchHits hits={hits} query={search} />}
      </LoadStatus>
    </>
  );
}
