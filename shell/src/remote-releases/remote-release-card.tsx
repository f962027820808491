import type { RemoteState } from '@annie/api-client/contracts/remote-releases';
import { Badge, Button, Callout, Card, Flex, Heading, Switch, Table, Text } from '@radix-ui/themes';

type Props = {
  state: RemoteState;
  onActivate: (version: string, percent?: number) => void;
  onRollback: () => void;
  onAutoRollback: (enabled: boolean) => void;
  onTokenApproves: (enabled: boolean) => void;
  /** Opens the review of a version a deploy token published (what it changes, then Approve). */
  onReview: (version: string) => void;
};

/** One remote: who runs what (active, canary share, the operator's override) and each published version. */
export function RemoteReleaseCard({
  state,
  onActivate,
  onRollback,
  onAutoRollback,
  onTokenApproves,
  onReview,
}: Props) {
  const canRollBack = Boolean(state.canary || state.active);
  return (
    <Card size="2" aria-label={`Remote ${state.remote}`}>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="4">
          {state.remote}
        </Heading>
        <Flex gap="3" align="center">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                size="1"
                checked={state.autoRollback}
                onCheckedChange={(checked) => onAutoRollback(checked)}
              />
              Automatic rollback
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                size="1"
                checked={state.tokenApproves}
                onCheckedChange={(checked) => onTokenApproves(checked)}
              />
              Tokens approve their own versions
            </Flex>
          </Text>
          <Button size="1" variant="soft" color="red" disabled={!canRollBack} onClick={onRollback}>
            Roll back
          </Button>
        </Flex>
      </Flex>
      <Text as="p" size="2" color="gray">
        Active: {state.active ?? 'the deployed build'}
        {state.canary && ` · canary ${state.canary.version} for ${state.canary.percent}% of users`}
      </Text>
      {state.override && (
        <Callout.Root color="amber" size="1" mt="2">
          <Callout.Text>
            REMOTE_{state.remote.toUpperCase()}_ENTRY overrides the registry: everyone gets {state.override}
          </Callout.Text>
        </Callout.Root>
      )}
      {state.releases.length > 0 && (
        <Table.Root size="1" mt="3">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Version</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Published</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Served to</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Load errors</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {state.releases.map((release) => {
              const active = release.version === state.active;
              const canary = release.version === state.canary?.version;
              return (
                <Table.Row key={release.version}>
                  <Table.Cell>
                    <Flex gap="2" align="center">
                      {release.version}
                      {active && <Badge color="green">active</Badge>}
                      {canary && <Badge color="amber">canary {state.canary?.percent}%</Badge>}
                      {release.approvedBy === null && (
                        <Badge color="orange">operator's tenant only: awaiting approval</Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>
                    {new Date(release.publishedAt).toLocaleString()} by {release.publishedBy}
                  </Table.Cell>
                  <Table.Cell>{release.servedUsers} users</Table.Cell>
                  <Table.Cell>{release.loadErrors}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="2">
                      {release.approvedBy === null && (
                        <Button size="1" color="orange" onClick={() => onReview(release.version)}>
                          Review
                        </Button>
                      )}
                      {!active && (
                        <>
                          <Button size="1" onClick={() => onActivate(release.version)}>
                            Activate
                          </Button>
                          {!canary && (
                            <Button size="1" variant="soft" onClick={() => onActivate(release.version, 10)}>
                              Canary 10%
                            </Button>
                          )}
                        </>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      )}
    </Card>
  );
}
