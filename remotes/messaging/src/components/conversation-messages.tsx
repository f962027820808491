import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import type { ConversationDetail } from '@annie/contracts/conversations';
import { formatTime } from '@annie/ui/format';
import { Box, Flex, Text } from '@radix-ui/themes';

/** A conversation's lines, each with its speaker (You, or the assistant's first name) and time. */
export function ConversationMessages({ conversation }: { conversation: ConversationDetail }) {
  const assistantName = useAssistantName();
  if (conversation.messages.length === 0) {
    return (
      <Text as="p" color="gray">
        No messages in this conversation
      </Text>
    );
  }
  return (
    <Flex asChild direction="column" gap="3" p="0" m="0">
      <ul aria-label="Messages">
        {conversation.messages.map((message) => (
          <Box asChild key={message.id}>
            <li style={{ listStyle: 'none' }}>
              <Flex gap="2" align="baseline">
                <Text weight="bold" color={message.role === 'user' ? 'blue' : 'green'}>
                  {message.role === 'user' ? 'You' : assistantName}
                </Text>
                <Text size="1" color="gray">
                  {formatTime(message.timestamp)}
                </Text>
              </Flex>
              <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
                {message.content}
              </Text>
            </li>
          </Box>
        ))}
      </ul>
    </Flex>
  );
}
