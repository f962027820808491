import { formatDateTime } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useContactTimeline } from '../api/use-contact-timeline.ts';

/** "With <name>": texts, calls, messages left and requests, newest first. */
export function ContactTimeline({ phone, name }: { phone: string; name: string }) {
  const { entries, loading, failed, retry } = useContactTimeline(phone);
  return (
    <Card size="3" mb="4">
      <Heading as="h2" size="4" mb="3">
        With {name}
      </Heading>
      <LoadStatus loading={loading} failed={failed} message="Failed to load the history." onRetry={retry}>
        {entries.length === 0 ? (
          <Text as="p" color="gray" size="2">
            No texts, calls or messages yet
          </Text>
        ) : (
          <Flex asChild direction="column" gap="3" p="0" m="0">
            <ul aria-label={`History with ${name}`}>
              {entries.map((entry) => (
                <li key={entry.key} style={{ listStyle: 'none' }}>
                  <Flex justify="between" gap="2" wrap="wrap">
                    <Text size="2" weight="bold">
                      {entry.label}
                    </Text>
                    <Text size="1" color="gray">
                      {formatDateTime(entry.at)}
                    </Text>
                  </Flex>
                  {entry.detail && (
                    <Text as="p" size="2" color="gray" style={{ whiteSpace: 'pre-wrap' }}>
                      {entry.detail}
                    </Text>
                  )}
                </li>
              ))}
            </ul>
          </Flex>
        )}
      </LoadStatus>
    </Card>
  );
}
