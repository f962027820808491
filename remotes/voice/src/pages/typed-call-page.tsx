import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { Box, Card, Flex, Heading } from '@radix-ui/themes';
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
  return (
    <Box p={{ initial: '4', md: '6' }} mx="auto" style={{ maxWidth: '48rem' }}>
      <Card size="3">
        <Flex direction="column" align="center" gap="3">
          <CallStatus connected={call.connected} />
          {call.startedAt !== null && <CallDurationTile startedAt={call.startedAt} />}
          <CallControls
            connected={call.connected}
            starting={call.starting}
            ending={call.ending}
            muted={call.muted}
            onStart={call.start}
            onEnd={call.end}
            onToggleMute={call.toggleMute}
          />
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
