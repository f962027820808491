import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Google Workspace screen (/google) — placeholder until the feature is built; it shows no data. */
export default function GooglePage() {
  return (
    <Box p="4">
      <PageHeader title="Google Workspace" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
