import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Connection Failed screen (/google/error) — placeholder until the feature is built; it shows no data. */
export default function GoogleErrorPage() {
  return (
    <Box p="4">
      <PageHeader title="Connection Failed" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
