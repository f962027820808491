import { CheckCircledIcon, CrossCircledIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from 'react-router-dom';

type Props = { outcome: 'success' | 'error'; title: string; message: string };

/** Where Google's consent ends: the outcome, and the way back to Google Workspace. */
export function ConnectionResultCard({ outcome, title, message }: Props) {
  const Icon = outcome === 'success' ? CheckCircledIcon : CrossCircledIcon;
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="3" style={{ width: '100%', maxWidth: 480 }}>
        <Flex direction="column" align="center" gap="3">
          <Icon
            width="40"
            height="40"
            color={outcome === 'success' ? 'var(--green-9)' : 'var(--red-9)'}
            aria-hidden
          />
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text as="p" color="gray" align="center">
            {message}
          </Text>
          <Button asChild variant="soft">
            <Link to="/google">Back to Google Workspace</Link>
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
