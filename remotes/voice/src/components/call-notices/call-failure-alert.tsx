import { useAuthUser } from '@annie/api-client/auth/use-auth-user';
import { Box, Callout, Code, Text } from '@radix-ui/themes';
import type { CallFailure } from '../../lib/call-failure.ts';

/**
 * Why a call did not start, in words, as an alert; for an admin the technical cause folded away under
 * "Technical details" (an executive never sees a status code or raw JSON).
 */
export function CallFailureAlert({ failure }: { failure: CallFailure }) {
  const isAdmin = useAuthUser().data?.isAdmin === true;
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{failure.message}</Callout.Text>
      {isAdmin && failure.detail && (
        <Box asChild>
          <details>
            <Text asChild size="1" color="gray">
              <summary>Technical details</summary>
            </Text>
            <Code
              size="1"
              color="gray"
              variant="ghost"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {failure.detail}
            </Code>
          </details>
        </Box>
      )}
    </Callout.Root>
  );
}
