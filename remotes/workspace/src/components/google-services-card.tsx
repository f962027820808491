import { GOOGLE_SERVICES } from '@annie/contracts/google-services';
import type { GoogleAccount } from '@annie/contracts/workspace';
import { StatusBadge, type StatusTone } from '@annie/ui/status-badge/status-badge';
import { Card, Flex, Heading, Text } from '@radix-ui/themes';

type Status = { label: string; tone: StatusTone };

const NOT_CONNECTED: Status = { label: 'Not connected', tone: 'gray' };
const ALLOWED: Status = { label: 'Allowed', tone: 'green' };
const NOT_ALLOWED: Status = { label: 'Not allowed', tone: 'yellow' };

function statusOf(scope: string, account: GoogleAccount | undefined): Status {
  if (!account?.connected) return NOT_CONNECTED;
  // A grant recorded before scopes were kept: the API treats it as everything asked for, so does the page.
  if (account.grantedScopes === null) return ALLOWED;
  return account.grantedScopes.includes(scope) ? ALLOWED : NOT_ALLOWED;
}

/**
 * What the assistant may do in Google, one row per scope the consent screen asks for, each with its
 * status for the active account: Allowed, Not allowed (unticked on Google's screen) or Not connected.
 */
export function GoogleServicesCard({ account }: { account: GoogleAccount | undefined }) {
  const statuses = GOOGLE_SERVICES.map((service) => ({ service, status: statusOf(service.scope, account) }));
  const withheld = statuses.some(({ status }) => status === NOT_ALLOWED);
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        Services
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {account ? `What the assistant may do with ${account.email}` : 'What the assistant asks Google for'}
      </Text>
      <Flex asChild direction="column" gap="3" m="0" p="0">
        <ul aria-label="Services" style={{ listStyle: 'none' }}>
          {statuses.map(({ service, status }) => (
            <Flex asChild key={service.id} justify="between" align="center" gap="3">
              <li aria-label={service.name}>
                <div>
                  <Text as="p" weight="medium">
                    {service.name}
                  </Text>
                  <Text as="p" size="2" color="gray">
                    {service.description}
                  </Text>
                </div>
                <StatusBadge label={status.label} tone={status.tone} />
              </li>
            </Flex>
          ))}
        </ul>
      </Flex>
      {withheld && (
        <Text as="p" size="2" color="gray" mt="4">
          To allow a service, connect the account again and tick it on Google's screen.
        </Text>
      )}
    </Card>
  );
}
