import type { ReleaseChanges } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { formatDateTime } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Button, Code, Dialog, Flex, Table, Text } from '@radix-ui/themes';
import { useReleaseChanges } from './api/use-approvals.ts';
import { REMOTE_LABELS } from './release-words.ts';

type Props = {
  remote: RemoteName;
  /** The version under review (null: closed). */
  version: string | null;
  pending: boolean;
  onApprove: () => void;
  onClose: () => void;
};

const size = (bytes: number | null) => (bytes === null ? '—' : `${bytes.toLocaleString()} B`);

function FileRows({ changes }: { changes: ReleaseChanges }) {
  const rows = [
    ...changes.files.added.map((file) => ({ ...file, change: 'Added' })),
    ...changes.files.changed.map((file) => ({ ...file, change: 'Changed' })),
    ...changes.files.removed.map((file) => ({ ...file, change: 'Removed' })),
  ];
  return (
    <Table.Root size="1" aria-label="Files changed">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Change</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Before</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>After</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={`${row.change}:${row.path}`}>
            <Table.Cell>
              <Code size="1">{row.path}</Code>
            </Table.Cell>
            <Table.Cell>{row.change}</Table.Cell>
            <Table.Cell>{size(row.previousSize)}</Table.Cell>
            <Table.Cell>{size(row.size)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The second key: what a deploy token's version changes against the active one, then Approve. */
export function ApprovalDialog({ remote, version, pending, onApprove, onClose }: Props) {
  const changes = useReleaseChanges(remote, version);
  return (
    <Dialog.Root open={version !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="640px">
        <Dialog.Title>
          Approve {REMOTE_LABELS[remote]} {version} for every tenant?
        </Dialog.Title>
        <LoadStatus
          loading={changes.isPending}
          failed={changes.isError}
          message="What this version changes could not be loaded."
          details={changes.error?.message}
          onRetry={() => void changes.refetch()}
          data={changes.data}
        >
          {(loaded) => (
            <Flex direction="column" gap="3">
              <Text as="p" size="2">
                Published {formatDateTime(loaded.publishedAt)} by {loaded.publishedBy}; compared with{' '}
                {loaded.against ?? 'the deployed build'}. {loaded.files.unchanged} files unchanged.
              </Text>
              <FileRows changes={loaded} />
              {loaded.shared.length > 0 && (
                <Text as="p" size="2" aria-label="Shared singletons changed">
                  Shared:{' '}
                  {loaded.shared
                    .map(
                      (entry) =>
                        `${entry.name} ${entry.previous ?? '(new)'} → ${entry.version ?? '(dropped)'}`,
                    )
                    .join(', ')}
                </Text>
              )}
            </Flex>
          )}
        </LoadStatus>
        <Flex gap="3" mt="4" justify="end">
          <Button variant="soft" color="gray" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={onApprove} loading={pending} disabled={!changes.data}>
            Approve
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
