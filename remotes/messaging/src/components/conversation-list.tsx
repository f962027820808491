import type { ConversationSummary } from '@annie/contracts/conversations';
import { formatDateAndTime, formatRelativeTime } from '@annie/ui/format';
import { Card, Flex, Text } from '@radix-ui/themes';

type Props = {
  conversations: ConversationSummary[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
};

/** The conversation list: title (or start time), message count, and how long ago it started. */
export function ConversationList({ conversations, selectedId, onSelect }: Props) {
  return (
    <Flex asChild direction="column" gap="2" p="0" m="0">
      <ul aria-label="Conversations">
        {conversations.map((conversation) => (
          <li key={conversation.id} style={{ listStyle: 'none' }}>
            <Card asChild variant={conversation.id === selectedId ? 'classic' : 'surface'}>
              <button
                type="button"
                aria-pressed={conversation.id === selectedId}
                onClick={() => onSelect(conversation.id)}
                style={{ width: '100%', textAlign: 'left', cursor: 'pointer' }}
              >
                <Text as="p" weight="bold" truncate>
                  {conversation.title ?? formatDateAndTime(conversation.startedAt)}
                </Text>
                <Flex justify="between" gap="2">
                  <Text size="1" color="gray">
                    {conversation.messageCount} {conversation.messageCount === 1 ? 'message' : 'messages'}
                  </Text>
                  <Text size="1" color="gray">
                    {formatRelativeTime(conversation.startedAt)}
                  </Text>
                </Flex>
              </button>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
