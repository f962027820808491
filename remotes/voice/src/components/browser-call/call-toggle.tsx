import { SpeakerLoudIcon, StopIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { useId } from 'react';

type Props = {
  isActive: boolean;
  connecting: boolean;
  caption: string;
  onToggle: () => void;
  /** The user is about to press it (pointer over it or down on it, or focus). */
  onPrepare: () => void;
};

/** The large round call button (red while a call is active) and the caption beneath it. */
export function CallToggle({ isActive, connecting, caption, onToggle, onPrepare }: Props) {
  const captionId = useId();
  return (
    <Flex direction="column" align="center" gap="3" py="4">
      <IconButton
        className="annie-voice-toggle"
        radius="full"
        size="4"
        color={isActive ? 'red' : undefined}
        aria-label={isActive ? 'End call' : 'Start call'}
        aria-pressed={isActive}
        aria-describedby={captionId}
        disabled={connecting}
        loading={connecting}
        onClick={onToggle}
        onPointerEnter={onPrepare}
        onPointerDown={onPrepare}
        onFocus={onPrepare}
      >
        {isActive ? <StopIcon width="36" height="36" /> : <SpeakerLoudIcon width="36" height="36" />}
      </IconButton>
      <Text size="2" color="gray" id={captionId}>
        {caption}
      </Text>
    </Flex>
  );
}
