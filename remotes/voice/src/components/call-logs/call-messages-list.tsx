import type { CallMessage } from '@annie/api-client/contracts/trust';
import { Flex, Text } from '@radix-ui/themes';

/**
 * Messages left with the assistant during the call, shown with the call. On a call the assistant placed
 * they are from the party it called (`calledParty`), whatever name the model noted ("The caller").
 */
export function CallMessagesList({
  messages,
  calledParty,
}: {
  messages: CallMessage[];
  calledParty?: string;
}) {
  return (
    <Flex asChild direction="column" gap="1" p="0" m="0">
      <ul aria-label="Messages left" style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <li key={message.id}>
            <Text size="2">
              <Text weight="bold">
                {calledParty
                  ? `Message from ${calledParty}:`
                  : `Message from ${message.callerName} (${message.callerE164}):`}
              </Text>{' '}
              {message.body}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
