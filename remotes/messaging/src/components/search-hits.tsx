import type { SmsSearchHit } from '@annie/contracts/inbox';
import { formatPhone, formatRelativeTime } from '@annie/ui/format';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';
import { highlightParts } from '../lib/highlight.ts';

/** The words found inside texts: each hit's person, when, and its snippet with the words marked. */
export function SearchHits({ hits, query }: { hits: SmsSearchHit[]; query: string }) {
  return (
    <section aria-labelledby="message-hits">
      <Heading as="h2" size="3" color="gray" mt="4" mb="2" id="message-hits">
        In messages
      </Heading>
      <Flex asChild direction="column" gap="2" p="0" m="0">
        <ul aria-label="Messages found">
          {hits.map((hit) => (
            <li key={hit.messageId} style={{ listStyle: 'none' }}>
              <Card asChild>
                <Link
                  to={`/sms/${encodeURIComponent(hit.phoneE164)}`}
                  style={{ color: 'inherit', textDecoration: 'none' }}
                >
                  <Flex justify="between" gap="2">
                    <Text weight="bold" truncate>
                      {hit.contactKnown ? hit.displayName : formatPhone(hit.phoneE164)}
                    </Text>
                    <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                      {hit.direction === 'outbound' ? 'You sent' : 'Received'} ·{' '}
                      {formatRelativeTime(hit.createdAt)}
                    </Text>
                  </Flex>
                  <Text as="p" size="2" color="gray">
                    {highlightParts(hit.snippet, query).map((part, index) =>
                      part.match ? (
                        <mark key={index} style={{ background: 'var(--amber-4)', color: 'var(--gray-12)' }}>
                          {part.text}
                        </mark>
                      ) : (
                        part.text
                      ),
                    )}
                  </Text>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </section>
  );
}
