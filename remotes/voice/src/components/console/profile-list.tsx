import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { MagnifyingGlassIcon, PlusIcon, UploadIcon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Flex, Text, TextField } from '@radix-ui/themes';
import { useRef, useState } from 'react';
import { matchesProfileSearch } from '../../lib/profile-form.ts';
import { CONTEXT_LABELS } from '../../lib/profile-labels.ts';

type ProfileListProps = {
  profiles: VoiceProfile[];
  selectedId: string | null;
  onSelect: (profile: VoiceProfile) => void;
  onNew: () => void;
  onImport: (file: File) => void;
};

/** The left column: search by name or context, Import (a JSON file) and New, then the profiles. */
export function ProfileList({ profiles, selectedId, onSelect, onNew, onImport }: ProfileListProps) {
  const [query, setQuery] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = profiles.filter((profile) => matchesProfileSearch(profile, query));
  return (
    <Flex direction="column" gap="3" style={{ width: '100%', maxWidth: 300, flexShrink: 0 }}>
      <TextField.Root
        placeholder="Search profiles..."
        aria-label="Search profiles"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <Flex gap="2">
        <Button variant="soft" onClick={() => fileInput.current?.click()}>
          <UploadIcon /> Import
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label="Import profile file"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onImport(file);
          }}
        />
        <Button onClick={onNew}>
          <PlusIcon /> New
        </Button>
      </Flex>
      <Flex direction="column" gap="2" role="list" aria-label="Voice profiles">
        {shown.map((profile) => (
          <Box role="listitem" key={profile.id}>
            <Card
              asChild
              variant={profile.id === selectedId ? 'classic' : 'surface'}
              style={{ width: '100%' }}
            >
              <button
                type="button"
                aria-current={profile.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(profile)}
                style={{ textAlign: 'left', cursor: 'pointer' }}
              >
                <Flex direction="column" gap="1">
                  <Text weight="medium">{profile.name}</Text>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="1" color="gray">
                      {CONTEXT_LABELS[profile.context]}
                    </Text>
                    {profile.isDefault && <Badge color="green">Default</Badge>}
                    {profile.isSystemProfile && <Badge color="blue">System</Badge>}
                  </Flex>
                </Flex>
              </button>
            </Card>
          </Box>
        ))}
        {shown.length === 0 && (
          <Text size="2" color="gray">
            No profiles match your search.
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
