import type { GoogleAccount } from '@annie/contracts/workspace';
import { StatusBadge } from '@annie/ui/status-badge/status-badge';
import { Avatar, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';

type Props = {
  accounts: GoogleAccount[];
  switchingId: string | undefined;
  onUse: (account: GoogleAccount) => void;
};

/**
 * Connected Accounts (shown only when there is one): picture or initial, name, email, Active/Inactive.
 * The tools use the active account, and another connected one can be made active.
 */
export function ConnectedAccountsCard({ accounts, switchingId, onUse }: Props) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        Connected Accounts
      </Heading>
      <Flex asChild direction="column" gap="3" m="0" p="0">
        <ul aria-label="Connected accounts" style={{ listStyle: 'none' }}>
          {accounts.map((account) => (
            <Flex asChild key={account.id} align="center" justify="between" gap="3" wrap="wrap">
              <li aria-label={account.email}>
                <Flex align="center" gap="3">
                  <Avatar
                    src={account.picture ?? undefined}
                    fallback={(account.name || account.email).charAt(0).toUpperCase()}
                    radius="full"
                    alt=""
                  />
                  <div>
                    <Text as="p" weight="medium">
                      {account.name}
                    </Text>
                    <Text as="p" size="2" color="gray">
                      {account.email}
                    </Text>
                    {!account.connected && (
                      <Text as="p" size="1" color="red">
                        Google no longer accepts this account: connect it again.
                      </Text>
                    )}
                  </div>
                </Flex>
                <Flex align="center" gap="2">
                  {!account.isActive && account.connected && (
                    <Button
                      size="1"
                      variant="soft"
                      onClick={() => onUse(account)}
                      loading={switchingId === account.id}
                    >
                      Use this account
                    </Button>
                  )}
                  <StatusBadge
                    label={account.isActive ? 'Active' : 'Inactive'}
                    tone={account.isActive ? 'green' : 'gray'}
                  />
                </Flex>
              </li>
            </Flex>
          ))}
        </ul>
      </Flex>
    </Card>
  );
}
