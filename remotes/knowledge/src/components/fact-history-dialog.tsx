import type { Fact, FactVersion } from '@annie/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { Spinner } from '@annie/ui/spinner/spinner';
import { Badge, Box, Button, Card, Dialog, Flex, Heading, Text } from '@radix-ui/themes';
import { humanLabel } from '../lib/fact-label.ts';
import { FactValue } from './fact-value.tsx';

type Props = {
  /** The fact whose history is shown; the dialog is open while it is set. */
  fact: Fact | null;
  versions: FactVersion[] | undefined;
  loading: boolean;
  failed: boolean;
  onClose: () => void;
};

/** Every stored version of a fact, newest first, with its value, unit and times. */
export function FactHistoryDialog({ fact, versions, loading, failed, onClose }: Props) {
  return (
    <Dialog.Root open={fact !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>Version history: {fact ? humanLabel(fact.key) : ''}</Dialog.Title>
        {loading && <Spinner />}
        {failed && <Text color="red">Failed to load the version history.</Text>}
        <Flex direction="column" gap="3" asChild>
          <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {versions?.map((version, index) => (
              <Card asChild key={version.id}>
                <li aria-label={`Version ${version.version}`}>
                  <Flex gap="2" align="center">
                    <Heading as="h3" size="2">
                      Version {version.version}
                    </Heading>
                    {index === 0 && <Badge color="blue">Current</Badge>}
                    {version.unit && (
                      <Badge variant="outline" color="gray">
                        {version.unit}
                      </Badge>
                    )}
                  </Flex>
                  <Box my="2">
                    <FactValue value={version.value} />
                  </Box>
                  <Text as="p" size="1" color="gray">
                    Created {formatDateTime(version.createdAt)}
                  </Text>
                  {version.approvedAt && (
                    <Text as="p" size="1" color="green">
                      Approved {formatDateTime(version.approvedAt)}
                    </Text>
                  )}
                </li>
              </Card>
            ))}
          </ol>
        </Flex>
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
