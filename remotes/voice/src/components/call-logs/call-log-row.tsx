import type { CallSessionDto } from '@annie/api-client/contracts/calls';
import { formatCallDuration, formatDateTime } from '@annie/ui/format';
import { ArrowBottomLeftIcon, ArrowTopRightIcon, GlobeIcon, MobileIcon } from '@radix-ui/react-icons';
import { Badge, Box, Card, Flex, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  addContactHref,
  callPartyOf,
  partyLineOf,
  phoneDirectionOf,
  userSpeakerOf,
} from '../../lib/call-party.ts';
import { CallFiguresDetail } from './call-figures-detail.tsx';
import { CallFiguresLine } from './call-figures-line.tsx';

/** `children`: what callers left during the call (messages, requests), shown under its header. */
type Props = { session: CallSessionDto; assistantName: string; children?: ReactNode };

/** A call's kind: Phone Call when it came in over Twilio, otherwise Web Call. */
export function callKindOf(session: Pick<CallSessionDto, 'channel'>): string {
  return session.channel === 'twilio' ? 'Phone Call' : 'Web Call';
}

/** Inbound or Outbound, with an arrow, for a call that has a direction (phone calls). */
function DirectionBadge({ direction }: { direction: NonNullable<CallSessionDto['direction']> }) {
  const outbound = direction === 'outbound';
  return (
    <Badge color={outbound ? 'blue' : 'gray'} variant="soft">
      {outbound ? <ArrowTopRightIcon aria-hidden /> : <ArrowBottomLeftIcon aria-hidden />}
      {outbound ? 'Outbound' : 'Inbound'}
    </Badge>
  );
}

/**
 * One call of Call History: kind and direction, en-US start time, whom a phone call was with (their
 * contact name, the number formatted), an outbound call's purpose, duration (Ongoing or m:ss) and the
 * transcript ("Transcript available", which opens to its lines; on an outbound call the other party's
 * lines are under their name).
 */
export function CallLogRow({ session, assistantName, children }: Props) {
  const kind = callKindOf(session);
  const direction = phoneDirectionOf(session);
  const party = callPartyOf(session);
  const userSpeaker = userSpeakerOf(session);
  return (
    <Card size="2">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex gap="3" align="start">
          <Text color="gray" aria-hidden style={{ display: 'flex', paddingTop: 2 }}>
            {session.channel === 'twilio' ? <MobileIcon /> : <GlobeIcon />}
          </Text>
          <Box>
            <Flex align="center" gap="2" wrap="wrap">
              <Text weight="bold">{kind}</Text>
              {direction && <DirectionBadge direction={direction} />}
            </Flex>
            <Text as="div" size="2" color="gray">
              {formatDateTime(session.startedAt)}
            </Text>
            {session.callerId && (
              <Text as="div" size="2">
                {partyLineOf(session)}
                {party.e164 && !party.known && (
                  <>
                    {' · '}
                    <Link asChild size="2">
                      <RouterLink to={addContactHref(party.e164)}>Add to contacts</RouterLink>
                    </Link>
                  </>
                )}
              </Text>
            )}
            {session.purpose && (
              <Text as="div" size="2">
                <Text weight="medium">Purpose:</Text> {session.purpose}
              </Text>
            )}
            {session.figures && (
              <CallFiguresLine
                figures={session.figures}
                duration={formatCallDuration(session.startedAt, session.endedAt)}
              />
            )}
          </Box>
        </Flex>
        <Badge color={session.endedAt ? 'gray' : 'green'} aria-label="Duration">
          {formatCallDuration(session.startedAt, session.endedAt)}
        </Badge>
      </Flex>
      {children && (
        <Flex direction="column" gap="2" mt="2">
          {children}
        </Flex>
      )}
      {session.figures && <CallFiguresDetail figures={session.figures} />}
      {session.transcript.length > 0 && (
        <Box asChild mt="2">
          <details>
            <Text asChild size="2" color="blue">
              <summary style={{ cursor: 'pointer' }}>Transcript available</summary>
            </Text>
            <Flex asChild direction="column" gap="1" mt="2" p="0" m="0">
              <ol aria-label={`Transcript of the ${kind.toLowerCase()}`} style={{ listStyle: 'none' }}>
                {session.transcript.map((entry, index) => (
                  // The lines never change order or content once listed: the index is a stable key.
                  <li key={index}>
                    <Text size="2">
                      <Text weight="bold">{entry.role === 'user' ? userSpeaker : assistantName}:</Text>{' '}
                      {entry.content}
                    </Text>
                  </li>
                ))}
              </ol>
            </Flex>
          </details>
        </Box>
      )}
    </Card>
  );
}
