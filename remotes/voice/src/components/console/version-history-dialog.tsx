import type { VoiceProfile } from '@annie/api-client/contracts/voice-profiles';
import { formatDateTime } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { Button, Dialog, Flex, Table } from '@radix-ui/themes';
import { useRestoreVoiceProfileVersion } from '../../api/use-restore-voice-profile-version.ts';
import { useVoiceProfileVersions } from '../../api/use-voice-profile-versions.ts';

/** Every saved version of a profile (who, when), each restorable as the newest */
export function VersionHistoryDialog({
  profile,
  onRestored,
}: {
  profile: VoiceProfile;
  onRestored: (profile: VoiceProfile) => void;
}) {
  const { toast } = useToast();
  const versions = useVoiceProfileVersions(profile.id);
  const restore = useRestoreVoiceProfileVersion();
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button variant="soft" color="gray">
          History
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Version history</Dialog.Title>
        <Dialog.Description size="2">
          Every save of {profile.name}; restoring saves that version again as the newest.
        </Dialog.Description>
        <LoadStatus
          loading={versions.isPending}
          failed={versions.isError}
          message="Failed to load the history."
          onRetry={() => void versions.refetch()}
          compact
          data={versions.data}
        >
          {(history) => (
            <Table.Root size="1" mt="3">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Saved</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {history.map((version) => (
                  <Table.Row key={version.version}>
                    <Table.Cell>{version.version}</Table.Cell>
                    <Table.Cell>{formatDateTime(version.savedAt)}</Table.Cell>
                    <Table.Cell>{version.savedBy ?? '—'}</Table.Cell>
                    <Table.Cell>
                      {version.version !== profile.version && (
                        <Button
                          size="1"
                          variant="soft"
                          disabled={restore.isPending}
                          onClick={() =>
                            restore.mutate(
                              { id: profile.id, version: version.version },
                              {
                                onSuccess: (restored) => {
                                  toast({ title: `Version ${version.version} restored`, variant: 'success' });
                                  onRestored(restored);
                                },
                                onError: (error) =>
                                  toastError('Restore failed', error, 'Unable to restore this version'),
                              },
                            )
                          }
                        >
                          Restore
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </LoadStatus>
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
