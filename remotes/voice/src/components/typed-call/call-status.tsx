import { Heading, Text } from '@radix-ui/themes';

/** Ready to Connect, or Connected to {assistant} with Listening for your voice commands. */
export function CallStatus({ connected, assistantName }: { connected: boolean; assistantName: string }) {
  return (
    <>
      <Heading as="h1" size="6" align="center">
        {connected ? `Connected to ${assistantName}` : 'Ready to Connect'}
      </Heading>
      {connected && (
        <Text as="p" size="2" color="gray" align="center">
          Listening for your voice commands
        </Text>
      )}
    </>
  );
}
