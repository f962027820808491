import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { Box, Card, Flex, Heading } from '@radix-ui/themes';
import { CallControls } from '../components/call/call-controls.tsx';
import { CallDurationTile } from '../components/call/call-duration-tile.tsx';
import { CallStatus } from '../components/call/call-status.tsx';
import { CallTranscript } from '../components/call/call-transcript.tsx';
import { MessageComposer } from '../components/call/message-composer.tsx';
import { useSimpleCall } from '../hooks/use-simple-call.ts';

/** The simple call page (/call, spec part 1 reading A): start and end a web call, mute, type to the assistant. */
export default function VoiceCallPage() {
  const call = useSimpleCall();
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
        <CallTranscript entries={call.transcript} assistantName={assistantName} />
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
