import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { useCallSessions } from '../api/use-call-sessions.ts';
import { CallLogRow } from '../components/call-logs/call-log-row.tsx';
import { CallMessagesList } from '../components/call-logs/call-messages-list.tsx';
import { PendingActionBanner } from '../components/call-logs/pending-action-banner.tsx';
import { useFrontDeskByCall } from '../hooks/use-front-desk-by-call.ts';
import { usePendingActionActions } from '../hooks/use-pending-action-actions.ts';
import { callPartyOf } from '../lib/call-party.ts';

/**
 * Call History (/call-logs): the caller's phone and web calls, newest first, a page at a
 * time, each with the messages and requests callers left on it (requests are approved or rejected here).
 */
export default function CallLogsPage() {
  const history = useCallSessions();
  const assistantName = useAssistantName();
  const sessions = history.data?.pages.flatMap((page) => page.sessions) ?? [];
  const frontDesk = useFrontDeskByCall();
  const decide = usePendingActionActions();

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Call History"
        actions={
          <Button asChild>
            <Link to="/">
              <PlusIcon />
              New Call
            </Link>
          </Button>
        }
      />
      <LoadStatus
        loading={history.isPending}
        failed={history.isError}
        message="Failed to load call history."
        onRetry={() => void history.refetch()}
        details={history.error?.message}
      >
        {sessions.length === 0 ? (
          <EmptyState
            title="No call history yet"
            description="Your call logs will appear here after your first conversation with the assistant."
          />
        ) : (
          <Flex direction="column" gap="3">
            <Flex asChild direction="column" gap="3" p="0" m="0">
              <ul aria-label="Calls">
                {sessions.map((session) => (
                  <li key={session.id} style={{ listStyle: 'none' }}>
                    <CallLogRow session={session} assistantName={assistantName}>
                      {frontDesk.actionsOf(session.id).map((action) => (
                        <PendingActionBanner
                          key={action.id}
                          action={action}
                          pending={decide.pending}
                          onSend={(text, numberTypeConfirmed) =>
                            decide.send(action.id, text, numberTypeConfirmed)
                          }
                          onReject={() => decide.reject(action.id)}
                          party={session.channel === 'twilio' ? callPartyOf(session) : undefined}
                        />
                      ))}
                      {frontDesk.messagesOf(session.id).length > 0 && (
                        <CallMessagesList
                          messages={frontDesk.messagesOf(session.id)}
                          party={session.channel === 'twilio' ? callPartyOf(session) : undefined}
                        />
                      )}
                    </CallLogRow>
                  </li>
                ))}
              </ul>
            </Flex>
            {history.hasNextPage && (
              <Flex justify="center">
                <Button
                  variant="soft"
                  color="gray"
                  loading={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  Load more
                </Button>
              </Flex>
            )}
          </Flex>
        )}
      </LoadStatus>
    </Box>
  );
}
