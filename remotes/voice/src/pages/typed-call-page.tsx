import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { Box, Card, Flex, Heading } from '@radix-ui/themes';
import { useCallReadiness } from '../api/use-call-readiness.ts';
import { CallEndedSummary } from '../components/call-notices/call-ended-summary.tsx';
import { CallsPausedNotice } from '../components/call-notices/calls-paused-notice.tsx';
import { CallControls } from '../components/typed-call/call-controls.tsx';
import { CallDurationTile } from '../components/typed-call/call-duration-tile.tsx';
import { CallStatus } from '../components/typed-call/call-status.tsx';
import { MessageComposer } from '../components/typed-call/message-composer.tsx';
import { TypedCallTranscript } from '../components/typed-call/typed-call-transcript.tsx';
import { useTypedCall } from '../hooks/use-typed-call.ts';

/** The typed call page (/call): start and end a call session, mute, type to the assistant. */
export default function TypedCallPage() {
  const call = useTypedCall();
  const assistantName = useAssistantName();
  const pausedNotice = useCallReadiness().data?.notice ?? null;
  return (
    <Box p={{ initial: '4', md: '6' }} mx="auto" style={{ maxWidth: '48rem' }}>
      <Card size="3">
        <Flex direction="column" align="center" gap="3">
          <CallStatus connected={call.connected} assistantName={assistantName} />
          {pausedNotice && !call.connected && <CallsPausedNotice notice={pausedNotice} />}
          {call.startedAt !== null && <CallDurationTile startedAt={call.startedAt} />}
          <CallControls
            connected={call.connected}
            paused={pausedNotice !== null}
            starting={call.starting}
            ending={call.ending}
            muted={call.muted}
            onStart={call.start}
            onEnd={call.end}
            onToggleMute={call.toggleMute}
          />
          {!call.connected && call.ended && <CallEndedSummary {...call.ended} />}
        </Flex>
      </Card>
      <Card size="2" mt="4">
        <Heading as="h2" size="3" mb="3">
          Transcript
        </Heading>
        <TypedCallTranscript entries={call.transcript} assistantName={assistantName} />
        <MessageComposer
          value={call.draft}
          onChange={call.setDraft}
          onSend={call.send}
          enabled={call.connected}
          sending={call.sending}
          canSend={call.canSend}
        />
      </Card>
    </Box>
  );
}
