import type { RemoteName } from '@annie/contracts/remotes';
import { CopyButton } from '@annie/ui/copy-button/copy-button';
import { Callout, Code, Flex, Text } from '@radix-ui/themes';

/** The commands a team's CI runs with a token of `remote` (docs/releases.md), the token in the environment. */
export function releaseCommands(remote: RemoteName, token: string, server: string): string {
  return [
    `export ANNIE_SERVER_URL=${server}`,
    `export ANNIE_DEPLOY_TOKEN=${token}`,
    `node scripts/release.mjs publish ${remote} --version "$VERSION"`,
    `node scripts/release.mjs canary ${remote} "$VERSION" --percent 10`,
    `node scripts/release.mjs promote ${remote}`,
  ].join('\n');
}

/** The token just created, shown once, with copy buttons for it and for the CI commands that use it. */
export function CreatedToken({ token, remote }: { token: string; remote: RemoteName }) {
  const commands = releaseCommands(remote, token, window.location.origin);
  return (
    <Callout.Root color="amber" size="1" mt="3" role="status">
      <Flex direction="column" gap="2">
        <Text size="2">Copy this token now: it is not shown again.</Text>
        <Flex gap="2" align="center" wrap="wrap">
          <Code aria-label="New deploy token" style={{ wordBreak: 'break-all' }}>
            {token}
          </Code>
          <CopyButton value={token} label="Copy the token" />
        </Flex>
        <Text size="2">Your CI publishes, starts a canary and promotes with:</Text>
        <Flex gap="2" align="start" wrap="wrap">
          <Code
            aria-label="Release commands"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', flex: '1 1 20rem' }}
          >
            {commands}
          </Code>
          <CopyButton value={commands} label="Copy the commands" />
        </Flex>
      </Flex>
    </Callout.Root>
  );
}
