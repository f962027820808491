import type { DeployToken } from '@annie/contracts/remote-releases';
import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import { formatDateTime } from '@annie/ui/format';
import { Badge, Button, Card, Flex, Heading, Select, Table, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { CreatedToken } from './created-token.tsx';
import { REMOTE_LABELS, tokenStatus } from './release-words.ts';

type Props = {
  tokens: DeployToken[];
  /** The secret of the token just created: shown until the screen is left. */
  created: string | null;
  pending: boolean;
  onCreate: (remote: RemoteName, name: string, expiresInDays?: number) => void;
  onRevoke: (token: DeployToken) => void;
};

/** Deploy tokens: each lets one team's CI release one remote; created here, shown once, revoked at once. */
export function DeployTokensCard({ tokens, created, pending, onCreate, onRevoke }: Props) {
  const [remote, setRemote] = useState<RemoteName>(REMOTE_NAMES[0]);
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  // The remote the token on screen was created for (the select may have moved on since).
  const [createdFor, setCreatedFor] = useState<RemoteName>(remote);
  const expiresInDays = days.trim() ? Number(days) : undefined;

  return (
    <Card size="2" aria-label="Deploy tokens">
      <Heading as="h2" size="4" mb="2">
        Deploy tokens
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        A token lets a team's CI publish, canary, promote and roll back one remote (see docs/releases.md).
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setCreatedFor(remote);
          onCreate(remote, name.trim(), expiresInDays);
        }}
      >
        <Flex gap="2" align="end" wrap="wrap">
          <div>
            <Text as="div" size="1" mb="1" aria-hidden>
              Remote
            </Text>
            <Select.Root value={remote} onValueChange={(value) => setRemote(value as RemoteName)}>
              <Select.Trigger aria-label="Remote" />
              <Select.Content>
                {REMOTE_NAMES.map((option) => (
                  <Select.Item key={option} value={option}>
                    {REMOTE_LABELS[option]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </div>
          <div>
            <Text as="div" size="1" mb="1" aria-hidden>
              Token name
            </Text>
            <TextField.Root
              value={name}
              aria-label="Token name"
              onChange={(event) => setName(event.target.value)}
              placeholder={`${remote}-ci`}
            />
          </div>
          <div>
            <Text as="div" size="1" mb="1" aria-hidden>
              Expires in days (optional)
            </Text>
            <TextField.Root
              type="number"
              min={1}
              value={days}
              aria-label="Expires in days"
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={pending || !name.trim()}>
            Create token
          </Button>
        </Flex>
      </form>
      {created && <CreatedToken token={created} remote={createdFor} />}
      {tokens.length > 0 && (
        <Table.Root size="1" mt="3">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Remote</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Expires</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Last used</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tokens.map((token) => {
              const status = tokenStatus(token);
              return (
                <Table.Row key={token.id}>
                  <Table.Cell>{token.name}</Table.Cell>
                  <Table.Cell>{REMOTE_LABELS[token.remote]}</Table.Cell>
                  <Table.Cell>{token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'}</Table.Cell>
                  <Table.Cell>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</Table.Cell>
                  <Table.Cell>
                    <Badge color={status.color}>{status.label}</Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {status.label === 'Active' && (
                      <Button size="1" variant="soft" color="red" onClick={() => onRevoke(token)}>
                        Revoke
                      </Button>
                    )}
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
