import { StatusBadge, type StatusTone } from '@annie/ui/status-badge/status-badge';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Heading, IconButton, Progress, ScrollArea, Text } from '@radix-ui/themes';
import { useVoiceTest, type VoiceTestStatus } from '../../hooks/use-voice-test.ts';
import { CallFiguresDetail } from '../call-logs/call-figures-detail.tsx';
import { CallFiguresLine } from '../call-logs/call-figures-line.tsx';

const STATUS: Record<VoiceTestStatus, { label: string; tone: StatusTone }> = {
  idle: { label: 'Not Connected', tone: 'gray' },
  connecting: { label: 'Connecting', tone: 'yellow' },
  connected: { label: 'Connected', tone: 'green' },
  error: { label: 'Error', tone: 'red' },
};

const SPEAKER = { user: 'You', assistant: 'Annie', system: 'Test' } as const;

/** The Test Voice Profile side panel, fixed to the right edge and 480 px wide. */
export function VoiceTestPanel({
  profileId,
  profileName,
  onClose,
}: {
  profileId: string;
  profileName: string;
  onClose: () => void;
}) {
  const test = useVoiceTest(profileId);
  const active = test.status === 'connected';
  const close = () => {
    test.end();
    onClose();
  };
  return (
    <Card
      role="dialog"
      aria-label="Test Voice Profile"
      style={{ position: 'fixed', top: 0, right: 0, bottom: 0, width: 480, zIndex: 10, borderRadius: 0 }}
    >
      <Flex direction="column" gap="4" height="100%">
        <Flex justify="between" align="center">
          <Heading as="h2" size="4">
            Test Voice Profile
          </Heading>
          <IconButton variant="ghost" aria-label="Close" onClick={close}>
            <Cross2Icon />
          </IconButton>
        </Flex>
        <Text size="2" color="gray">
          {profileName}
        </Text>
        <Flex gap="2" align="center">
          <Text size="2" weight="medium">
            Voice Test
          </Text>
          <StatusBadge {...STATUS[test.status]} />
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => void test.start()} disabled={test.status === 'connecting' || active}>
            Start Test
          </Button>
          <Button variant="soft" onClick={() => void test.toggleMute()} disabled={!active}>
            {test.muted ? 'Unmute' : 'Mute'}
          </Button>
          <Button variant="soft" color="orange" onClick={test.bargeIn} disabled={!active}>
            Test Barge-In
          </Button>
          <Button variant="soft" color="red" onClick={test.end} disabled={test.status === 'idle'}>
            End Test
          </Button>
        </Flex>
        <Flex direction="column" gap="1">
          <Text size="1" color="gray" id="audio-level-label">
            Audio level
          </Text>
          <Progress aria-labelledby="audio-level-label" value={test.level} max={100} />
        </Flex>
        {test.figures && (
          <Box aria-label="Test call figures" role="region">
            <CallFiguresLine figures={test.figures} />
            <CallFiguresDetail figures={test.figures} />
          </Box>
        )}
        <Heading as="h3" size="3">
          Conversation transcript
        </Heading>
        <ScrollArea style={{ flex: 1 }}>
          <Box role="log" aria-label="Conversation transcript">
            {test.transcript.length === 0 && (
              <Text size="2" color="gray">
                Start a test and speak; the conversation appears here.
              </Text>
            )}
            {test.transcript.map((line) => (
              <Text as="p" size="2" key={line.id} mb="2">
                <Text weight="bold">{SPEAKER[line.speaker]}:</Text> {line.text}
              </Text>
            ))}
          </Box>
        </ScrollArea>
      </Flex>
    </Card>
  );
}
