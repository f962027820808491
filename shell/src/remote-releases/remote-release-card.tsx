import type { RemoteState } from '@annie/contracts/remote-releases';
import { formatDateTime } from '@annie/ui/format';
import { Badge, Button, Callout, Card, Flex, Heading, Switch, Table, Text } from '@radix-ui/themes';
import { CanaryControl } from './canary-control.tsx';
import { LoadErrorChartSection } from './load-error-chart-section.tsx';
import { actorInWords, REMOTE_LABELS } from './release-words.ts';

type Props = {
  state: RemoteState;
  /** A version for everyone (no percent), or as the canary for that share of users. */
  onActivate: (version: string, percent?: number) => void;
  /** While a change is on its way: the canary's buttons wait. */
  pending?: boolean;
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
  pending = false,
}: Props) {
  const canRollBack = Boolean(state.canary || state.active);
  return (
    <Card size="2" aria-label={`Remote ${REMOTE_LABELS[state.remote]}`}>
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h2" size="4">
          {REMOTE_LABELS[state.remote]}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
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
        Everyone gets {state.active ?? 'the build deployed with the server'}
        {state.canary &&
          `, except ${state.canary.percent}% of users, who get the canary ${state.canary.version}`}
      </Text>
      {state.canary && (
        <CanaryControl
          // A new canary, or a new share from the server, starts the slider over.
          key={`${state.canary.version}:${state.canary.percent}`}
          version={state.canary.version}
          percent={state.canary.percent}
          pending={pending}
          onShare={(percent) => state.canary && onActivate(state.canary.version, percent)}
          onPromote={() => state.canary && onActivate(state.canary.version)}
        />
      )}
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
                      {active && <Badge color="green">Active</Badge>}
                      {canary && <Badge color="amber">Canary: {state.canary?.percent}% of users</Badge>}
                      {release.approvedBy === null && (
                        <Badge color="orange">Awaiting approval: your organisation only</Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>
                    {formatDateTime(release.publishedAt)} by {actorInWords(release.publishedBy)}
                  </Table.Cell>
                  <Table.Cell>
                    {release.servedUsers === 1 ? '1 user' : `${release.servedUsers} users`}
                  </Table.Cell>
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
                              Start canary (10%)
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
      {state.releases.length > 0 && <LoadErrorChartSection remote={state.remote} />}
    </Card>
  );
}
