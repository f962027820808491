import { Cross2Icon } from '@radix-ui/react-icons';
import { Badge, Button, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';

/** The never-use list: phrases are trimmed, empty and repeated ones ignored, and Enter adds one. */
export function BannedPhrasesField({
  phrases,
  onChange,
}: {
  phrases: string[];
  onChange: (phrases: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const phrase = draft.trim();
    if (phrase && !phrases.includes(phrase)) onChange([...phrases, phrase]);
    setDraft('');
  };
  return (
    <Flex direction="column" gap="2">
      <Text as="label" size="2" weight="medium" htmlFor="banned-phrase">
        Banned phrases
      </Text>
      <Flex gap="2">
        <TextField.Root
          id="banned-phrase"
          placeholder="Add a phrase the assistant must never say"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          style={{ flex: 1 }}
        />
        <Button type="button" variant="soft" onClick={add}>
          Add
        </Button>
      </Flex>
      <Flex gap="2" wrap="wrap" role="list" aria-label="Banned phrases">
        {phrases.map((phrase) => (
          <Badge key={phrase} role="listitem" size="2" variant="surface">
            {phrase}
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              aria-label={`Remove ${phrase}`}
              onClick={() => onChange(phrases.filter((other) => other !== phrase))}
            >
              <Cross2Icon />
            </IconButton>
          </Badge>
        ))}
      </Flex>
    </Flex>
  );
}
