import { JsonBlock } from '@annie/ui/json-block/json-block';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Box, Flex, Heading } from '@radix-ui/themes';
import { useVoiceProfilePreview } from '../../api/use-voice-profile-preview.ts';
import { type ProfileForm, previewRequestOf } from '../../lib/profile-form.ts';

/** Preview: exactly what the server compiles from the form as it stands (instructions and turn detection). */
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
              <pre
                style={{
                  whiteSpace: 'pre-wrap',
                  margin: 0,
                  padding: 'var(--space-3)',
                  background: 'var(--gray-a3)',
                  borderRadius: 'var(--radius-2)',
                  fontSize: 'var(--font-size-1)',
                }}
              >
                {compiled.instructions}
              </pre>
            </section>
          </Box>
          <JsonBlock title="Turn Detection" value={compiled.turnDetection} />
        </Flex>
      )}
    </LoadStatus>
  );
}
