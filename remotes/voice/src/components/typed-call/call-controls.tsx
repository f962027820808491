import { SpeakerLoudIcon, SpeakerOffIcon } from '@radix-ui/react-icons';
import { Button, Flex } from '@radix-ui/themes';

type Props = {
  connected: boolean;
  /** Calls are paused (the budget's hard stop, said above): Start is disabled. */
  paused?: boolean;
  starting: boolean;
  ending: boolean;
  muted: boolean;
  onStart: () => void;
  onEnd: () => void;
  onToggleMute: () => void;
};

/** Start Call (Connecting... while pending), or End Call with the local mute toggle (Muted / Active). */
export function CallControls({
  connected,
  paused = false,
  starting,
  ending,
  muted,
  onStart,
  onEnd,
  onToggleMute,
}: Props) {
  if (!connected) {
    return (
      <Button size="3" onClick={onStart} disabled={starting || paused}>
        {starting ? 'Connecting...' : 'Start Call'}
      </Button>
    );
  }
  return (
    <Flex gap="3" wrap="wrap" justify="center">
      <Button
        size="3"
        variant="soft"
        color={muted ? 'orange' : 'gray'}
        aria-pressed={muted}
        onClick={onToggleMute}
      >
        {muted ? <SpeakerOffIcon /> : <SpeakerLoudIcon />}
        {muted ? 'Muted' : 'Active'}
      </Button>
      <Button size="3" color="red" onClick={onEnd} disabled={ending}>
        End Call
      </Button>
    </Flex>
  );
}
