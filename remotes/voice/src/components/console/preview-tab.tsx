import { JsonBlock } from '@annie/ui/json-block/json-block';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Box, Flex, Heading } from '@radix-ui/themes';
import { useVoiceProfilePreview } from '../../api/use-voice-profile-preview.ts';
import { type ProfileForm, previewRequestOf } from '../../lib/profile-form.ts';

const PROMPT_STYLE = {
  whiteSpace: 'pre-wrap',
  margin: 0,
  padding: 'var(--space-3)',
  background: 'var(--gray-a3)',
  borderRadius: 'var(--radius-2)',
  fontSize: 'var(--font-size-1)',
} as const;

/**
 * Preview: exactly what the server compiles from the form as it stands: the instructions (on GPT-Live,
 * the backend's), and turn detection or, on GPT-Live, the voice model's conversation prompt.
 */
export function PreviewTab({
  form,
  isSystemProfile,
  active,
}: {
  form: ProfileForm;
  isSystemProfile: boolean;
  active: boolean;
}) {
  const preview = useVoiceProfilePreview(previewRequestOf(form, isSystemProfile), active);
  return (
    <LoadStatus
      loading={preview.data === undefined}
      failed={preview.isError}
      message="The preview could not be compiled. Check the highlighted settings."
      details={String(preview.error)}
      onRetry={() => void preview.refetch()}
      compact
      data={preview.data}
    >
      {(compiled) => (
        <Flex direction="column" gap="4">
          <Box asChild>
            <section aria-label="Compiled Instructions">
              <Heading as="h2" size="3" mb="2">
                Compiled Instructions
              </Heading>
              <pre style={PROMPT_STYLE}>{compiled.instructions}</pre>
            </section>
          </Box>
          {compiled.engine === 'live' ? (
            <Box asChild>
              <section aria-label="GPT-Live Conversation Prompt">
                <Heading as="h2" size="3" mb="2">
                  GPT-Live Conversation Prompt
                </Heading>
                <pre style={PROMPT_STYLE}>{compiled.live.conversationPrompt}</pre>
              </section>
            </Box>
          ) : (
            <JsonBlock title="Turn Detection" value={compiled.turnDetection} />
          )}
        </Flex>
      )}
    </LoadStatus>
  );
}
