import { errorMessage } from '@annie/api-client/http';
import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { useState } from 'react';
import { useCallProfiles } from '../api/use-call-profiles.ts';
import { useCallLiveEvents, useEndPhoneCall, usePhoneCall } from '../api/use-phone-call.ts';
import { useStartPhoneCall } from '../api/use-start-phone-call.ts';
import type { CallTarget } from '../lib/call-target.ts';
import { CallPurposeDialog } from './call-purpose-dialog.tsx';
import { LiveCallPanel } from './live-call-panel.tsx';

/**
 * A call button's whole flow: the purpose dialog, then, once the call is placed, the live call panel.
 * The user's call events are listened to from the dialog on, so none of the call's is missed.
 */
export function OutboundCall({ target, onDone }: { target: CallTarget; onDone: () => void }) {
  const assistantName = useAssistantName();
  const start = useStartPhoneCall();
  const end = useEndPhoneCall();
  const [callId, setCallId] = useState<string>();
  const call = usePhoneCall(callId);
  const profiles = useCallProfiles();
  useCallLiveEvents();

  if (callId === undefined) {
    return (
      <CallPurposeDialog
        target={target}
        assistantName={assistantName}
        pending={start.isPending}
        refusal={start.error ? errorMessage(start.error, 'The call could not be placed') : undefined}
        profiles={profiles.data}
        onCancel={onDone}
        onConfirm={({ purpose, profileId }) =>
          start.mutate(
            { to: target.phone, message: purpose, ...(profileId && { profileId }) },
            { onSuccess: ({ id }) => setCallId(id) },
          )
        }
      />
    );
  }
  return (
    <LiveCallPanel
      target={target}
      assistantName={assistantName}
      call={call.data}
      ending={end.isPending}
      endError={end.error ? errorMessage(end.error, 'The call could not be ended') : undefined}
      onEnd={() => end.mutate(callId)}
      onClose={onDone}
    />
  );
}
