import type { CallMessage } from '@annie/api-client/contracts/trust';
import { Flex, Text } from '@radix-ui/themes';

/** Messages a caller left with the assistant during the call, shown with the call. */
export function CallMessagesList({ messages }: { messages: CallMessage[] }) {
  return (
    <Flex asChild direction="column" gap="1" p="0" m="0">
      <ul aria-label="Messages left" style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <li key={message.id}>
            <Text size="2">
              <Text weight="bold">
                Message from {message.callerName} ({message.callerE164}):
              </Text>{' '}
              {message.body}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
