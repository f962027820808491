import type { VoiceProfile } from '@annie/api-client/contracts/voice-profiles';
import { Button, Flex, Heading } from '@radix-ui/themes';
import { VersionHistoryDialog } from './version-history-dialog.tsx';

type ProfileToolbarProps = {
  title: string;
  selected: VoiceProfile | null;
  canSave: boolean;
  saving: boolean;
  onDefault: () => void;
  onExport: () => void;
  onTest: () => void;
  onDelete: () => void;
  onSave: () => void;
  onRestored: (profile: VoiceProfile) => void;
};

/** The title, then Default, Export, Test, Delete (only with a profile selected), History and Save. */
export function ProfileToolbar({ title, selected, canSave, saving, ...on }: ProfileToolbarProps) {
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Heading as="h2" size="5">
        {title}
      </Heading>
      <Flex gap="2" wrap="wrap">
        {selected && (
          <>
            <Button variant="soft" onClick={on.onDefault} disabled={selected.isDefault}>
              Default
            </Button>
            <Button variant="soft" onClick={on.onExport}>
              Export
            </Button>
            <Button variant="soft" onClick={on.onTest}>
              Test
            </Button>
            <Button variant="soft" color="red" onClick={on.onDelete} disabled={selected.isSystemProfile}>
              Delete
            </Button>
            <VersionHistoryDialog profile={selected} onRestored={on.onRestored} />
          </>
        )}
        <Button onClick={on.onSave} disabled={!canSave || saving} loading={saving}>
          Save
        </Button>
      </Flex>
    </Flex>
  );
}
