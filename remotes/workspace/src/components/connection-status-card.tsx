import { CheckCircledIcon, CrossCircledIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';

type Props = {
  connected: boolean;
  refreshing: boolean;
  connecting: boolean;
  disconnecting: boolean;
  onRefresh: () => void;
  onConnect: () => void;
  onDisconnect: () => void;
};

/** Connection Status: Connected with Disconnect, or Not Connected with Connect Google Account. */
export function ConnectionStatusCard(props: Props) {
  const { connected, refreshing, connecting, disconnecting, onRefresh, onConnect, onDisconnect } = props;
  return (
    <Card size="3">
      <Flex justify="between" align="center" mb="4">
        <Heading as="h2" size="4">
          Connection Status
        </Heading>
        <IconButton variant="ghost" aria-label="Refresh status" onClick={onRefresh} loading={refreshing}>
          <ReloadIcon />
        </IconButton>
      </Flex>
      <Flex justify="between" align="center" gap="4" wrap="wrap">
        <Flex align="center" gap="3">
          {connected ? (
            <CheckCircledIcon width="24" height="24" color="var(--green-9)" aria-hidden />
          ) : (
            <CrossCircledIcon width="24" height="24" color="var(--gray-9)" aria-hidden />
          )}
          <div>
            <Text as="p" weight="bold">
              {connected ? 'Connected' : 'Not Connected'}
            </Text>
            <Text as="p" size="2" color="gray">
              {connected ? 'Google services are active' : 'Connect to enable Google services'}
            </Text>
          </div>
        </Flex>
        {connected ? (
          <Button color="red" variant="soft" onClick={onDisconnect} loading={disconnecting}>
            Disconnect
          </Button>
        ) : (
          <Button onClick={onConnect} loading={connecting}>
            Connect Google Account
          </Button>
        )}
      </Flex>
    </Card>
  );
}
