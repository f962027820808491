import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Text } from '@radix-ui/themes';

/** The Conversation History screen (/conversations) — placeholder until the feature is built; it shows no data. */
export default function ConversationsPage() {
  return (
    <Box p="4">
      <PageHeader title="Conversation History" />
      <Text as="p" color="gray">
        This module is not built yet.
      </Text>
    </Box>
  );
}
