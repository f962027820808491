import type { CallSessionDto } from '@annie/contracts/calls';
import { formatCallDuration } from '@annie/ui/format';
import { Box, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { userSpeakerOf } from '../../lib/call-party.ts';
import { CallFiguresDetail } from './call-figures-detail.tsx';
import { CallFiguresLine } from './call-figures-line.tsx';

/** `children`: what callers left during the call (messages, requests), shown first. */
type Props = { session: CallSessionDto; assistantName: string; children?: ReactNode };

/**
 * One call opened in Call Logs: its purpose, what callers left on it, its figures, and its transcript
 * with each line under who said it (the other party of a phone call by contact name or "Caller", the
 * executive as "You" only on a browser or typed call, the assistant by its name).
 */
export function CallLogDetails({ session, assistantName, children }: Props) {
  const userSpeaker = userSpeakerOf(session);
  const kind = session.channel === 'twilio' ? 'phone call' : 'web call';
  return (
    <Flex direction="column" gap="2" py="2">
      {session.purpose && (
        <Text as="div" size="2">
          <Text weight="medium">Purpose:</Text> {session.purpose}
        </Text>
      )}
      {children}
      {session.figures && (
        <CallFiguresLine
          figures={session.figures}
          duration={session.endedAt ? formatCallDuration(session.startedAt, session.endedAt) : undefined}
        />
      )}
      {session.figures && <CallFiguresDetail figures={session.figures} />}
      {session.transcript.length === 0 ? (
        <Text size="2" color="gray">
          {session.endedAt ? 'Nothing was said.' : 'Nothing said yet.'}
        </Text>
      ) : (
        <Box>
          <Flex asChild direction="column" gap="1" p="0" m="0">
            <ol aria-label={`Transcript of the ${kind}`} style={{ listStyle: 'none' }}>
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
        </Box>
      )}
    </Flex>
  );
}
