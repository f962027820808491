import type { CallMessage } from '@annie/contracts/trust';
import { Flex, Text } from '@radix-ui/themes';
import { type CallParty, senderLabelOf } from '../../lib/call-party.ts';

/**
 * Messages left with the assistant during the call, shown with the call, each under who left it: the
 * call's contact by name when it is theirs, else the name they gave (never "The caller") and their number
 * formatted for humans.
 */
export function CallMessagesList({ messages, party }: { messages: CallMessage[]; party?: CallParty }) {
  return (
    <Flex asChild direction="column" gap="1" p="0" m="0">
      <ul aria-label="Messages left" style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <li key={message.id}>
            <Text size="2">
              <Text weight="bold">
                Message from {senderLabelOf(party, message.callerName, message.callerE164)}:
              </Text>{' '}
              {message.body}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
