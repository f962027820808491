import { Avatar, Button, Flex, Heading, Text } from '@radix-ui/themes';

type Props = {
  assistantName: string;
  statusText: string;
  /** Clear is offered only when there is a transcript to clear. */
  onClear: (() => void) | null;
};

/** The screen's header: the assistant's avatar and name, the call status, and Clear. */
export function VoiceStatusHeader({ assistantName, statusText, onClear }: Props) {
  return (
    <Flex align="center" justify="between" gap="3" py="3">
      <Flex align="center" gap="3">
        <Avatar size="3" radius="full" fallback={assistantName.slice(0, 1)} aria-hidden />
        <Flex direction="column">
          <Heading as="h1" size="4">
            {assistantName}
          </Heading>
          <Text size="2" color="gray" role="status" aria-label="Call status">
            {statusText}
          </Text>
        </Flex>
      </Flex>
      {onClear && (
        <Button variant="soft" color="gray" onClick={onClear}>
          Clear
        </Button>
      )}
    </Flex>
  );
}
