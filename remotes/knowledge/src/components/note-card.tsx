import type { Note } from '@annie/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { CARD_STYLE, CLAMP_3_LINES } from './card-styles.ts';
import { ShareableBadge } from './shareable-field.tsx';

type Props = {
  note: Note;
  onEdit: (note: Note) => void;
  onDelete: (note: Note) => void;
  /** The older note this one repeats word for word, when there is one. */
  duplicateOf?: Note;
};

/**
 * A note: title, body clamped to 3 lines, tag badges, created time, a Duplicate flag when an older note
 * says the same, and its edit and delete buttons (delete is undone from its notice, so it does not ask).
 */
export const NoteCard = memo(function NoteCard({ note, onEdit, onDelete, duplicateOf }: Props) {
  return (
    <Card asChild style={CARD_STYLE}>
      <article aria-label={note.title}>
        <Flex justify="between" align="start" gap="2">
          <Heading as="h3" size="3" style={{ wordBreak: 'break-word' }}>
            {note.title}
          </Heading>
          <Flex gap="3" align="center" flexShrink="0">
            <IconButton
              size="1"
              variant="ghost"
              aria-label={`Edit ${note.title}`}
              onClick={() => onEdit(note)}
            >
              <Pencil1Icon />
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              color="red"
              aria-label={`Delete ${note.title}`}
              onClick={() => onDelete(note)}
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        </Flex>
        {duplicateOf && (
          <Text as="p" size="1" color="amber" mt="1">
            <Badge color="amber" variant="soft" mr="2">
              Duplicate
            </Badge>
            Same as the note from {formatDateTime(duplicateOf.createdAt)}
          </Text>
        )}
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
