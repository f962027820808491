import { useAuthUser } from '@annie/api-client/auth/use-auth-user';
import { TechnicalDetails } from '@annie/ui/technical-details/technical-details';
import { Callout } from '@radix-ui/themes';
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
      {isAdmin && failure.detail && <TechnicalDetails>{failure.detail}</TechnicalDetails>}
    </Callout.Root>
  );
}
