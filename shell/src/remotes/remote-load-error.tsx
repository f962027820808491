import { ReloadIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Text } from '@radix-ui/themes';

/** The fallback of a route whose module could not be fetched or rendered; Retry loads it again. */
export function RemoteLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Flex justify="center" py="9" px="4">
      <Callout.Root color="red" role="alert" style={{ width: '100%', maxWidth: 560 }}>
        <Flex direction="column" gap="3">
          <Text as="p" size="3" weight="bold">
            This section could not be loaded
          </Text>
          <Text as="p" size="2">
            The rest of the app keeps working. {error.message}
          </Text>
          <div>
            <Button variant="soft" color="red" onClick={onRetry}>
              <ReloadIcon /> Retry
            </Button>
          </div>
        </Flex>
      </Callout.Root>
    </Flex>
  );
}
