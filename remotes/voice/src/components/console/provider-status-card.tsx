import type { DoctorReport, ProviderCheck } from '@annie/contracts/doctor';
import { formatDateTime } from '@annie/ui/format';
import { StatusBadge, type StatusTone } from '@annie/ui/status-badge/status-badge';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';

const STATES: Record<ProviderCheck['state'], { label: string; tone: StatusTone }> = {
  answering: { label: 'Working', tone: 'green' },
  failing: { label: 'Not working', tone: 'red' },
  not_configured: { label: 'Not set up', tone: 'gray' },
};

/** Each provider by what it does for the product, and what its state means there. */
const PROVIDERS: Record<ProviderCheck['provider'], { name: string; working: string; unset: string }> = {
  openai: {
    name: 'OpenAI',
    working: 'Voice calls and drafted replies can run.',
    unset: 'No API key: voice calls and drafts are off.',
  },
  twilio: {
    name: 'Twilio',
    working: 'Phone calls and texts can go out and come in.',
    unset: 'No account: phone calls and texts are off.',
  },
  google: {
    name: 'Google Workspace',
    working: 'Calendar, mail and contacts can be read.',
    unset: 'Not connected: calendar and mail tools are off.',
  },
  chemistry: {
    name: 'Chemistry lab',
    working: 'Lab jobs can run.',
    unset: 'No lab service: lab jobs are off.',
  },
  public_url: {
    name: 'Public address',
    working: 'Twilio and Google can reach this server.',
    unset: 'No public address (PUBLIC_URL): Twilio and Google cannot call back.',
  },
};

/** One sentence on what the provider's state means, or null when the checks below say it. */
function meaningOf(provider: ProviderCheck): string | null {
  const words = PROVIDERS[provider.provider];
  if (!words) return null;
  if (provider.state === 'answering') return words.working;
  if (provider.state === 'not_configured') return words.unset;
  return null;
}

type ProviderStatusCardProps = {
  report: DoctorReport;
  rechecking: boolean;
  onRecheck: () => void;
};

/** What `npm run annie -- doctor` finds, for admins: each provider's state and, when failing, why. */
export function ProviderStatusCard({ report, rechecking, onRecheck }: ProviderStatusCardProps) {
  return (
    <Card asChild>
      <section aria-label="Provider status">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="3">
            Provider status
          </Heading>
          <Flex align="center" gap="3">
            <Text size="1" color="gray">
              Checked {formatDateTime(report.checkedAt)}
            </Text>
            <Button size="1" variant="soft" loading={rechecking} onClick={onRecheck}>
              Check again
            </Button>
          </Flex>
        </Flex>
        <Flex asChild direction="column" gap="2" mt="3" p="0" m="0">
          <ul aria-label="Providers" style={{ listStyle: 'none' }}>
            {report.providers.map((provider) => (
              <li key={provider.provider}>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text weight="medium">{PROVIDERS[provider.provider]?.name ?? provider.label}</Text>
                  <StatusBadge {...STATES[provider.state]} />
                  {meaningOf(provider) && (
                    <Text size="1" color="gray">
                      {meaningOf(provider)}
                    </Text>
                  )}
                </Flex>
                {provider.state === 'failing' &&
                  provider.checks
                    .filter((check) => !check.ok)
                    .map((check) => (
                      <Text as="p" size="1" color="red" key={check.name}>
                        {check.name}: {check.detail}
                      </Text>
                    ))}
              </li>
            ))}
          </ul>
        </Flex>
      </section>
    </Card>
  );
}
