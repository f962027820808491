import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Lab Console screen (/lab/*) — placeholder until the feature is built; it shows no data. */
export default function LabPage() {
  return (
    <Box p="4">
      <PageHeader title="Lab Console" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
