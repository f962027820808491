import { PRODUCT_NAME } from '@annie/ui/product/product-name';
import { Heading, Text } from '@radix-ui/themes';

/** Ready to Connect, or Connected to {product} with Listening for your voice commands. */
export function CallStatus({ connected }: { connected: boolean }) {
  return (
    <>
      <Heading as="h1" size="6" align="center">
        {connected ? `Connected to ${PRODUCT_NAME}` : 'Ready to Connect'}
      </Heading>
      {connected && (
        <Text as="p" size="2" color="gray" align="center">
          Listening for your voice commands
        </Text>
      )}
    </>
  );
}
