import { CHANNEL_WORDS, DIRECTION_WORDS, OUTCOME_WORDS, outcomeOf } from '@annie/contracts/call-log-words';
import type { CallSessionDto } from '@annie/contracts/calls';
import type { PhoneCallStatus } from '@annie/contracts/phone-calls';
import { formatCallDuration, formatDateTime, formatMoney } from '@annie/ui/format';
import { VisuallyHidden } from '@annie/ui/visually-hidden/visually-hidden';
import {
  ArrowBottomLeftIcon,
  ArrowTopRightIcon,
  ChevronDownIcon,
  ChevronRightIcon,
} from '@radix-ui/react-icons';
import { Badge, Flex, IconButton, Link, Table, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { addContactHref, callPartyOf, phoneDirectionOf } from '../../lib/call-party.ts';
import './call-logs.css';

type Props = {
  sessions: readonly CallSessionDto[];
  /** Each phone call's last reported status (live events), to say "Ringing" before it is answered. */
  statuses: ReadonlyMap<string, PhoneCallStatus>;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** The opened call's details, in a row under it. */
  details: (session: CallSessionDto) => ReactNode;
};

const RINGING: readonly PhoneCallStatus[] = ['placing', 'queued', 'initiated', 'ringing'];

/** How the call stands: Ringing or In progress while on, else Completed / No conversation. */
export function outcomeWords(session: CallSessionDto, status: PhoneCallStatus | undefined): string {
  if (session.endedAt === null && status && RINGING.includes(status)) return 'Ringing';
  return OUTCOME_WORDS[outcomeOf(session)];
}

function DirectionCell({ session }: { session: CallSessionDto }) {
  const direction = phoneDirectionOf(session);
  if (!direction) return <Text color="gray">{CHANNEL_WORDS[session.channel]}</Text>;
  const outbound = direction === 'outbound';
  return (
    <Badge color={outbound ? 'blue' : 'gray'} variant="soft">
      {outbound ? <ArrowTopRightIcon aria-hidden /> : <ArrowBottomLeftIcon aria-hidden />}
      {DIRECTION_WORDS[direction]}
    </Badge>
  );
}

/** The other party by contact name; "Caller" and the number, with Add to contacts, when unknown; You on a web call. */
function ContactCell({ session }: { session: CallSessionDto }) {
  if (session.channel !== 'twilio') return <Text>You</Text>;
  const party = callPartyOf(session);
  return (
    <Flex direction="column">
      <Text weight="medium">{party.name}</Text>
      {party.number && (
        <Text size="1" color="gray">
          {party.number}
          {party.e164 && (
            <>
              {' · '}
              <Link asChild size="1">
                <RouterLink to={addContactHref(party.e164)}>Add to contacts</RouterLink>
              </Link>
            </>
          )}
        </Text>
      )}
    </Flex>
  );
}

/**
 * Call Logs as a table: when, direction, contact, channel, outcome, duration and cost, each call opening
 * to its details below it. On a phone the channel and cost columns are left out.
 */
// The table's name for screen readers (and tests), out of sight: the usual screen-reader-only rule.
const CAPTION_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
} as const;

export function CallLogTable({ sessions, statuses, expanded, onToggle, details }: Props) {
  return (
    <Table.Root variant="surface" size="1">
      <caption style={CAPTION_HIDDEN}>Calls</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>
            <VisuallyHidden>Details</VisuallyHidden>
          </Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Direction</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Contact</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell className="annie-call-log-wide">Channel</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Outcome</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Duration</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell className="annie-call-log-wide" justify="end">
            Cost
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      {/* One body per call, holding its row and, once opened, its details row. */}
      {sessions.map((session) => {
        const open = expanded.has(session.id);
        const detailsId = `call-details-${session.id}`;
        const cost = session.figures?.cost;
        return (
          <Table.Body key={session.id} data-call-id={session.id}>
            <Table.Row id={`call-${session.id}`} align="center">
              <Table.Cell>
                <IconButton
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-expanded={open}
                  aria-controls={open ? detailsId : undefined}
                  aria-label={`Details of the call of ${formatDateTime(session.startedAt)}`}
                  onClick={() => onToggle(session.id)}
                >
                  {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
                </IconButton>
              </Table.Cell>
              <Table.Cell>{formatDateTime(session.startedAt)}</Table.Cell>
              <Table.Cell>
                <DirectionCell session={session} />
              </Table.Cell>
              <Table.Cell>
                <ContactCell session={session} />
              </Table.Cell>
              <Table.Cell className="annie-call-log-wide">{CHANNEL_WORDS[session.channel]}</Table.Cell>
              <Table.Cell data-testid="call-outcome">
                <Badge color={session.endedAt ? 'gray' : 'green'} variant="soft">
                  {outcomeWords(session, statuses.get(session.id))}
                </Badge>
              </Table.Cell>
              <Table.Cell aria-label="Duration">
                {formatCallDuration(session.startedAt, session.endedAt)}
              </Table.Cell>
              <Table.Cell className="annie-call-log-wide" justify="end">
                {cost ? formatMoney(cost.amount, cost.currency) : '—'}
              </Table.Cell>
            </Table.Row>
            {open && (
              <Table.Row id={detailsId}>
                <Table.Cell colSpan={8}>{details(session)}</Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        );
      })}
    </Table.Root>
  );
}
