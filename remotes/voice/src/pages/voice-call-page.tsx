import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Voice Call screen (/call) — placeholder until the feature is built; it shows no data. */
export default function VoiceCallPage() {
  return (
    <Box p="4">
      <PageHeader title="Voice Call" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
