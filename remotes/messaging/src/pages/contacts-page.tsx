import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Contacts screen (/contacts) — placeholder until the feature is built; it shows no data. */
export default function ContactsPage() {
  return (
    <Box p="4">
      <PageHeader title="Contacts" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
