import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Messages screen (/sms) — placeholder until the feature is built; it shows no data. */
export default function ThreadsPage() {
  return (
    <Box p="4">
      <PageHeader title="Messages" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
