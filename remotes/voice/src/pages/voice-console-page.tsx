import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The admin Voice Configuration Console (/voice/console) — placeholder until the feature is built; it shows no data. */
export default function VoiceConsolePage() {
  return (
    <Box p="4">
      <PageHeader title="Voice Configuration Console" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
