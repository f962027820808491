import type { SmsMessage } from '@annie/contracts/sms';
import { formatTime } from '@annie/ui/format';
import { CheckIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Box, Flex, Text } from '@radix-ui/themes';

const DELIVERED = new Set(['delivered', 'read']);
const FAILED = new Set(['failed', 'undelivered']);

/** Sent: one tick; delivered (or read): two; failed: a warning. */
function DeliveryMark({ message }: { message: SmsMessage }) {
  if (FAILED.has(message.status)) {
    return (
      <Flex align="center" gap="1">
        <ExclamationTriangleIcon aria-hidden /> Not delivered
      </Flex>
    );
  }
  const delivered = DELIVERED.has(message.status);
  return (
    // An image of ticks, named: a plain div may not carry a name (aria-prohibited-attr).
    <Flex role="img" aria-label={delivered ? 'Delivered' : 'Sent'} data-status={message.status}>
      <CheckIcon aria-hidden />
      {delivered && <CheckIcon aria-hidden style={{ marginLeft: -9 }} />}
    </Flex>
  );
}

/** One text: outbound on the right, inbound on the left, at most 70 % of the width, pictures included. */
export function MessageBubble({ message }: { message: SmsMessage }) {
  const outbound = message.direction === 'outbound';
  return (
    <Flex justify={outbound ? 'end' : 'start'} asChild>
      <li style={{ listStyle: 'none' }} aria-label={outbound ? 'Sent message' : 'Received message'}>
        <Box
          px="3"
          py="2"
          style={{
            maxWidth: '70%',
            borderRadius: 'var(--radius-4)',
            background: outbound ? 'var(--accent-9)' : 'var(--gray-3)',
            color: outbound ? 'var(--accent-contrast)' : undefined,
          }}
        >
          {message.mediaUrls.map((url) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              <img
                src={url}
                alt="Attachment sent with the message"
                style={{ maxWidth: '100%', borderRadius: 'var(--radius-3)' }}
              />
            </a>
          ))}
          {message.body && (
            <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
          )}
          {/* No opacity on the time: faded white on the accent fails WCAG AA contrast. */}
          <Flex
            justify="end"
            align="center"
            gap="1"
            style={{
              fontSize: 'var(--font-size-1)',
              color: outbound ? 'var(--accent-contrast)' : 'var(--gray-11)',
            }}
          >
            {formatTime(message.createdAt)}
            {outbound && <DeliveryMark message={message} />}
          </Flex>
        </Box>
      </li>
    </Flex>
  );
}
