import type { DoctorReport, ProviderCheck } from '@annie/api-client/contracts/doctor';
import { formatDateTime } from '@annie/ui/format';
import { StatusBadge, type StatusTone } from '@annie/ui/status-badge/status-badge';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';

const STATES: Record<ProviderCheck['state'], { label: string; tone: StatusTone }> = {
  answering: { label: 'Answering', tone: 'green' },
  failing: { label: 'Failing', tone: 'red' },
  not_configured: { label: 'Not configured', tone: 'gray' },
};

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
                <Flex gap="2" align="center">
                  <Text weight="medium">{provider.label}</Text>
                  <StatusBadge {...STATES[provider.state]} />
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
