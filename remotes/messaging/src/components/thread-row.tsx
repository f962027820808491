import type { SmsThreadSummary } from '@annie/contracts/sms';
import { formatRelativeTime } from '@annie/ui/format';
import { VisuallyHidden } from '@annie/ui/visually-hidden/visually-hidden';
import { StarFilledIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { partyName } from '../lib/party-name.ts';
import { RELATIONSHIP_COLOR, relationshipLabel } from '../lib/relationship-color.ts';
import { ContactAvatar } from './contact-avatar.tsx';

/**
 * One thread in the list: who, when, the last message, unread count and a pending draft. The link is
 * named by what it shows (no aria-label that would hide the visible text: label-content-name-mismatch).
 */
export const ThreadRow = memo(function ThreadRow({ thread }: { thread: SmsThreadSummary }) {
  const { contact, meta } = thread;
  const name = partyName(thread);
  return (
    <Card asChild>
      <Link
        to={`/sms/${encodeURIComponent(thread.phoneE164)}`}
        style={{ color: 'inherit', textDecoration: 'none' }}
      >
        <Flex align="center" gap="3">
          <ContactAvatar name={name} photoUrl={contact?.photoUrl} />
          <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
            <Flex align="center" gap="2">
              <Text weight="bold" truncate style={{ minWidth: '6ch' }}>
                {name}
              </Text>
              {contact?.isFavorite && (
                <Text color="amber" role="img" aria-label="Favorite" style={{ display: 'flex' }}>
                  <StarFilledIcon />
                </Text>
              )}
              {contact && (
                <Badge color={RELATIONSHIP_COLOR[contact.relationship]}>
                  {relationshipLabel(contact.relationship)}
                </Badge>
              )}
              {meta.pendingDraft && <Badge color="yellow">Draft</Badge>}
              <Text size="1" color="gray" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                {thread.lastMessageAt ? formatRelativeTime(thread.lastMessageAt) : ''}
              </Text>
            </Flex>
            <Flex align="center" gap="2">
              <Text size="2" color="gray" truncate style={{ flexGrow: 1 }}>
                {meta.lastMessage?.body || 'Start a conversation'}
              </Text>
              {meta.unreadCount > 0 && (
                <Badge color="blue" variant="solid" radius="full">
                  {meta.unreadCount}
                  <VisuallyHidden> unread</VisuallyHidden>
                </Badge>
              )}
            </Flex>
          </Flex>
        </Flex>
      </Link>
    </Card>
  );
});
