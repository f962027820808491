import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCallLogLive } from '../api/use-call-log-live.ts';
import { useCallLogs } from '../api/use-call-logs.ts';
import { CallLogDetails } from '../components/call-logs/call-log-details.tsx';
import { CallLogFilters } from '../components/call-logs/call-log-filters.tsx';
import { CallLogPager } from '../components/call-logs/call-log-pager.tsx';
import { CallLogTable } from '../components/call-logs/call-log-table.tsx';
import { CallMessagesList } from '../components/call-logs/call-messages-list.tsx';
import { PendingActionBanner } from '../components/call-logs/pending-action-banner.tsx';
import { useCallLogsExport } from '../hooks/use-call-logs-export.ts';
import { useFrontDeskByCall } from '../hooks/use-front-desk-by-call.ts';
import { usePendingActionActions } from '../hooks/use-pending-action-actions.ts';
import { CALL_LOG_PAGE_SIZE, callLogQueryOf, EMPTY_FILTERS, isFiltered } from '../lib/call-log-filters.ts';
import { callPartyOf } from '../lib/call-party.ts';

/**
 * Call Logs (/call-logs): the executive's phone and web calls as a table, live (a call appears, rings,
 * goes on and ends without a reload), filtered, searched over what was said, sorted, paged with counts
 * and exported as CSV. Each call opens to its transcript, figures and what callers left on it (requests
 * are approved or rejected here). A link to `#call-{id}` opens that call.
 */
export default function CallLogsPage() {
  const assistantName = useAssistantName();
  const [values, setValues] = useState(EMPTY_FILTERS);
  // What is typed goes to the server once typing pauses.
  const q = useDebouncedValue(values.q);
  const contact = useDebouncedValue(values.contact);
  const query = callLogQueryOf({ ...values, q, contact });
  const logs = useCallLogs(query);
  const statuses = useCallLogLive();
  const frontDesk = useFrontDeskByCall();
  const decide = usePendingActionActions();
  const exporter = useCallLogsExport();
  const { hash } = useLocation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());

  // A link to one call (the summary after a call) opens it.
  useEffect(() => {
    const id = /^#call-([0-9a-f-]{36})$/.exec(hash)?.[1];
    if (id) setExpanded((current) => new Set(current).add(id));
  }, [hash]);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const page = logs.data;

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Call Logs"
        actions={
          <Button asChild>
            <Link to="/">
              <PlusIcon />
              New Call
            </Link>
          </Button>
        }
      />
      <CallLogFilters
        values={values}
        onChange={setValues}
        onExport={() => exporter.exportCsv(query)}
        exporting={exporter.pending}
      />
      <LoadStatus
        loading={logs.isPending}
        failed={logs.isError}
        message="Failed to load the call logs."
        onRetry={() => void logs.refetch()}
        details={logs.error?.message}
      >
        {page && page.total === 0 ? (
          isFiltered(values) ? (
            <EmptyState title="No calls match" description="Try other filters or fewer words." />
          ) : (
            <EmptyState
              title="No calls yet"
              description={`Your calls with ${assistantName} will appear here after your first conversation.`}
            />
          )
        ) : (
          page && (
            <Flex direction="column" gap="3">
              <CallLogTable
                sessions={page.sessions}
                statuses={statuses}
                expanded={expanded}
                onToggle={toggle}
                details={(session) => {
                  const party = session.channel === 'twilio' ? callPartyOf(session) : undefined;
                  const messages = frontDesk.messagesOf(session.id);
                  return (
                    <CallLogDetails session={session} assistantName={assistantName}>
                      {frontDesk.actionsOf(session.id).map((action) => (
                        <PendingActionBanner
                          key={action.id}
                          action={action}
                          pending={decide.pending}
                          onSend={(text, numberTypeConfirmed) =>
                            decide.send(action.id, text, numberTypeConfirmed)
                          }
                          onReject={() => decide.reject(action.id)}
                          party={party}
                        />
                      ))}
                      {messages.length > 0 && <CallMessagesList messages={messages} party={party} />}
                    </CallLogDetails>
                  );
                }}
              />
              <CallLogPager
                page={values.page}
                pageSize={CALL_LOG_PAGE_SIZE}
                total={page.total}
                emptyHidden={page.emptyHidden}
                onPage={(next) => setValues({ ...values, page: next })}
                onShowEmpty={() => setValues({ ...values, includeEmpty: true, page: 0 })}
              />
            </Flex>
          )
        )}
      </LoadStatus>
    </Box>
  );
}
