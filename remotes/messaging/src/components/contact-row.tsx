import type { ContactListEntry } from '@annie/contracts/contacts';
import { formatPhone } from '@annie/ui/format';
import { ChatBubbleIcon, EnvelopeClosedIcon, MobileIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, IconButton, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RELATIONSHIP_COLOR, relationshipLabel } from '../lib/relationship-color.ts';
import { ContactAvatar } from './contact-avatar.tsx';

/**
 * One contact in the list; a click opens it, the buttons message, call (`onCall` asks what the call is
 * for, then the assistant phones the contact) or mail without opening it.
 */
export const ContactRow = memo(function ContactRow({
  entry,
  onCall,
}: {
  entry: ContactListEntry;
  onCall: (phone: string, name: string) => void;
}) {
  const navigate = useNavigate();
  const { contact, thread } = entry;
  const phone = contact.phonePrimary;
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

  return (
    <Card asChild>
      <li
        aria-label={contact.name}
        style={{ cursor: 'pointer', listStyle: 'none' }}
        onClick={() => navigate(`/contacts/${contact.id}`)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') navigate(`/contacts/${contact.id}`);
        }}
      >
        <Flex align="center" gap="3">
          <ContactAvatar name={contact.name} photoUrl={contact.photoUrl} />
          <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
            <Flex align="center" gap="2" wrap="wrap">
              <Link
                to={`/contacts/${contact.id}`}
                onClick={stop}
                style={{ color: 'inherit', textDecoration: 'none' }}
              >
                <Text weight="bold">{contact.name}</Text>
              </Link>
              {contact.isFavorite && (
                <Text color="amber" aria-label="Favorite" style={{ display: 'flex' }}>
                  <StarFilledIcon />
                </Text>
              )}
              {contact.nickname && <Text color="gray">"{contact.nickname}"</Text>}
            </Flex>
            <Flex align="center" gap="2" wrap="wrap">
              {phone && <Text size="2">{formatPhone(phone)}</Text>}
              <Badge color={RELATIONSHIP_COLOR[contact.relationship]}>
                {relationshipLabel(contact.relationship)}
              </Badge>
            </Flex>
          </Flex>
          <Flex gap="1" onClick={stop} onKeyDown={stop}>
            {phone && (
              <IconButton asChild variant="ghost" aria-label={`Message ${contact.name}`}>
                <Link to={`/sms/${encodeURIComponent(phone)}`}>
                  <ChatBubbleIcon />
                  {thread && thread.unreadCount > 0 && <Badge color="blue">{thread.unreadCount}</Badge>}
                </Link>
              </IconButton>
            )}
            {phone && (
              <IconButton
                variant="ghost"
                aria-label={`Call ${contact.name}`}
                onClick={() => onCall(phone, contact.name)}
              >
                <MobileIcon />
              </IconButton>
            )}
            {contact.email && (
              <IconButton asChild variant="ghost" aria-label={`Email ${contact.name}`}>
                <a href={`mailto:${contact.email}`}>
                  <EnvelopeClosedIcon />
                </a>
              </IconButton>
            )}
          </Flex>
        </Flex>
      </li>
    </Card>
  );
});
