import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { VersionHistoryDialog } from './version-history-dialog.tsx';

type ProfileToolbarProps = {
  title: string;
  selected: VoiceProfile | null;
  editing: boolean;
  dirty: boolean;
  saving: boolean;
  onDefault: () => void;
  onExport: () => void;
  onTest: () => void;
  onDelete: () => void;
  onSave: () => void;
  onRestored: (profile: VoiceProfile) => void;
};

/** Why Save is off, in words (null when it is on). */
function saveHint(editing: boolean, dirty: boolean): string | null {
  if (!editing) return null;
  return dirty ? 'Unsaved changes' : 'No changes to save';
}

/**
 * The title, then Make default (only for a profile that is not the default: the list carries the one
 * Default badge), Export, Test, Delete (not for the system profile, which says why), History and Save, which
 * is on only when the form holds a change.
 */
export function ProfileToolbar({ title, selected, editing, dirty, saving, ...on }: ProfileToolbarProps) {
  const hint = saveHint(editing, dirty);
  return (
    <Flex direction="column" gap="2">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          {title}
        </Heading>
        <Flex gap="2" wrap="wrap" align="center">
          {selected && (
            <>
              {!selected.isDefault && (
                <Button variant="soft" onClick={on.onDefault}>
                  Make default
                </Button>
              )}
              <Button variant="soft" onClick={on.onExport}>
                Export
              </Button>
              <Button variant="soft" onClick={on.onTest}>
                Test
              </Button>
              {!selected.isSystemProfile && (
                <Button variant="soft" color="red" onClick={on.onDelete}>
                  Delete
                </Button>
              )}
              <VersionHistoryDialog profile={selected} dirty={dirty} onRestored={on.onRestored} />
            </>
          )}
          <Button
            onClick={on.onSave}
            disabled={!editing || !dirty || saving}
            loading={saving}
            aria-describedby={hint ? 'profile-save-hint' : undefined}
          >
            Save
          </Button>
        </Flex>
      </Flex>
      {(hint || selected?.isSystemProfile) && (
        <Flex justify="between" gap="3" wrap="wrap">
          <Text size="1" color="gray">
            {selected?.isSystemProfile
              ? 'The system profile is the persona every profile builds on: it can be edited, not deleted.'
              : ''}
          </Text>
          {hint && (
            <Text size="1" color={dirty ? 'amber' : 'gray'} id="profile-save-hint" aria-live="polite">
              {hint}
            </Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
