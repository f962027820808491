import { Flex, Heading, Text } from '@radix-ui/themes';

/** What the browser call screen says while it is idle and has no transcript. */
export function WelcomeMessage({ assistantName }: { assistantName: string }) {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="2"
      py="9"
      style={{ flex: 1, textAlign: 'center' }}
    >
      <Heading as="h2" size="6">
        Hello, I'm {assistantName}
      </Heading>
      <Text size="3" color="gray">
        Your sophisticated AI assistant
      </Text>
      <Text size="2" color="gray">
        Press the button below to start our conversation
      </Text>
    </Flex>
  );
}
