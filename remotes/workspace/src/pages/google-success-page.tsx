import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Success screen (/google/success) — placeholder until the feature is built; it shows no data. */
export default function GoogleSuccessPage() {
  return (
    <Box p="4">
      <PageHeader title="Success" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
