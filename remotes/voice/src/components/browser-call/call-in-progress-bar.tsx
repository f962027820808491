import { Button, Flex } from '@radix-ui/themes';
import { CallTimer } from '../call-notices/call-timer.tsx';
import { MicrophoneIcon } from './microphone-icon.tsx';

type Props = { startedAt: number; muted: boolean; onToggleMute: () => void };

/** During a call: how long it has run, and Mute (the assistant hears nothing while muted). */
export function CallInProgressBar({ startedAt, muted, onToggleMute }: Props) {
  return (
    <Flex align="center" justify="center" gap="3">
      <CallTimer startedAt={startedAt} />
      <Button
        size="1"
        variant="soft"
        color={muted ? 'orange' : 'gray'}
        aria-pressed={muted}
        onClick={onToggleMute}
      >
        <MicrophoneIcon />
        {muted ? 'Unmute' : 'Mute'}
      </Button>
    </Flex>
  );
}
