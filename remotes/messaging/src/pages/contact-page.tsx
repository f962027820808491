import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Contact screen (/contacts/:id) — placeholder until the feature is built; it shows no data. */
export default function ContactPage() {
  return (
    <Box p="4">
      <PageHeader title="Contact" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
