import type { Note } from '@annie/api-client/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { Pencil1Icon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { CARD_STYLE, CLAMP_3_LINES } from './card-styles.ts';
import { ShareableBadge } from './shareable-field.tsx';

type Props = { note: Note; onEdit: (note: Note) => void };

/** A note: title, body clamped to 3 lines, tag badges, created time and its edit button. */
export const NoteCard = memo(function NoteCard({ note, onEdit }: Props) {
  return (
    <Card asChild style={CARD_STYLE}>
      <article aria-label={note.title}>
        <Flex justify="between" align="start" gap="2">
          <Heading as="h3" size="3" style={{ wordBreak: 'break-word' }}>
            {note.title}
          </Heading>
          <IconButton size="1" variant="ghost" aria-label={`Edit ${note.title}`} onClick={() => onEdit(note)}>
            <Pencil1Icon />
          </IconButton>
        </Flex>
        <Text as="p" size="2" my="2" style={CLAMP_3_LINES}>
          {note.body}
        </Text>
        {note.tags.length > 0 && (
          <Flex gap="1" wrap="wrap" mb="2">
            {note.tags.map((tag) => (
              <Badge key={tag} variant="soft" color="gray">
                {tag}
              </Badge>
            ))}
          </Flex>
        )}
        <Flex gap="2" align="center">
          <Text size="1" color="gray">
            Created {formatDateTime(note.createdAt)}
          </Text>
          {note.shareable && <ShareableBadge />}
        </Flex>
      </article>
    </Card>
  );
});
