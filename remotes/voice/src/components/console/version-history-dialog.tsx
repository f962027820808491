import type { VoiceProfile, VoiceProfileVersion } from '@annie/contracts/voice-profiles';
import { formatDateTime } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { Badge, Box, Button, Card, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useRestoreVoiceProfileVersion } from '../../api/use-restore-voice-profile-version.ts';
import { useVoiceProfileVersions } from '../../api/use-voice-profile-versions.ts';
import { diffProfiles } from '../../lib/profile-diff.ts';
import { fieldsOfProfile } from '../../lib/profile-form.ts';
import { FieldChanges } from './field-changes.tsx';

type Props = {
  profile: VoiceProfile;
  /** Unsaved edits in the editor, which a restore replaces. */
  dirty: boolean;
  onRestored: (profile: VoiceProfile) => void;
};

/**
 * Every saved version of a profile (who, when, and what it changed from the one before), each restorable
 * as the newest after a preview of what the restore would change.
 */
export function VersionHistoryDialog({ profile, dirty, onRestored }: Props) {
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [previewing, setPreviewing] = useState<VoiceProfileVersion | null>(null);
  const versions = useVoiceProfileVersions(open ? profile.id : null);
  const restore = useRestoreVoiceProfileVersion();
  const confirmRestore = (version: VoiceProfileVersion) =>
    restore.mutate(
      { id: profile.id, version: version.version },
      {
        onSuccess: (restored) => {
          toast({ title: `Version ${version.version} restored`, variant: 'success' });
          setPreviewing(null);
          setOpen(false);
          onRestored(restored);
        },
        onError: (error) => toastError('Restore failed', error, 'Unable to restore this version'),
      },
    );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPreviewing(null);
      }}
    >
      <Dialog.Trigger>
        <Button variant="soft" color="gray">
          History
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>Version history</Dialog.Title>
        <Dialog.Description size="2">
          Every save of {profile.name} that changed something; restoring saves that version again as the
          newest.
        </Dialog.Description>
        {previewing ? (
          <Box mt="3" role="region" aria-label={`Restore version ${previewing.version}`}>
            <Text as="p" size="2" weight="medium" mb="2">
              Restoring version {previewing.version} changes the current settings:
            </Text>
            <FieldChanges
              label="Changes on restore"
              changes={diffProfiles(fieldsOfProfile(profile), previewing.profile)}
            />
            {dirty && (
              <Text as="p" size="1" color="amber" mt="2">
                Your unsaved edits are discarded.
              </Text>
            )}
            <Flex gap="2" justify="end" mt="3">
              <Button variant="soft" color="gray" onClick={() => setPreviewing(null)}>
                Back
              </Button>
              <Button loading={restore.isPending} onClick={() => confirmRestore(previewing)}>
                Restore version {previewing.version}
              </Button>
            </Flex>
          </Box>
        ) : (
          <LoadStatus
            loading={versions.isPending}
            failed={versions.isError}
            message="Failed to load the history."
            onRetry={() => void versions.refetch()}
            compact
            data={versions.data}
          >
            {(history) => (
              <Flex asChild direction="column" gap="2" mt="3" p="0" m="0">
                <ol aria-label="Versions" style={{ listStyle: 'none' }}>
                  {history.map((version, index) => (
                    <Card asChild key={version.version}>
                      <li aria-label={`Version ${version.version}`}>
                        <Flex justify="between" align="start" gap="3" wrap="wrap">
                          <Flex direction="column" gap="1">
                            <Flex gap="2" align="center">
                              <Text size="2" weight="medium">
                                Version {version.version}
                              </Text>
                              {version.version === profile.version && <Badge color="gray">Current</Badge>}
                            </Flex>
                            <Text size="1" color="gray">
                              {formatDateTime(version.savedAt)} by {version.savedBy ?? 'a deleted user'}
                            </Text>
                          </Flex>
                          {version.version !== profile.version && (
                            <Button size="1" variant="soft" onClick={() => setPreviewing(version)}>
                              Restore…
                            </Button>
                          )}
                        </Flex>
                        <Box mt="2">
                          {history[index + 1] ? (
                            <FieldChanges
                              label={`Changes in version ${version.version}`}
                              changes={diffProfiles(history[index + 1]?.profile ?? {}, version.profile)}
                            />
                          ) : (
                            <Text size="1" color="gray">
                              First saved version.
                            </Text>
                          )}
                        </Box>
                      </li>
                    </Card>
                  ))}
                </ol>
              </Flex>
            )}
          </LoadStatus>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
