import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Call History screen (/call-logs) — placeholder until the feature is built; it shows no data. */
export default function CallLogsPage() {
  return (
    <Box p="4">
      <PageHeader title="Call History" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
