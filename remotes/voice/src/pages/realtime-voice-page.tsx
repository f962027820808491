import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Voice Assistant screen (/) — placeholder until the feature is built; it shows no data. */
export default function RealtimeVoicePage() {
  return (
    <Box p="4">
      <PageHeader title="Voice Assistant" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
