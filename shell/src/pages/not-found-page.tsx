import { Card, Flex, Heading, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';

/** Any unknown path, and admin-only routes for non-admins, titled "404 Page Not Found". */
export function NotFoundPage() {
  return (
    <Flex justify="center" py="9" px="4">
      <Card size="3" style={{ width: '100%', maxWidth: 480 }}>
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            404 Page Not Found
          </Heading>
          <Text as="p" size="2" color="gray">
            There is nothing at this address.
          </Text>
          <Link asChild size="2">
            <RouterLink to="/">Back to Home</RouterLink>
          </Link>
        </Flex>
      </Card>
    </Flex>
  );
}
