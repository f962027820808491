import { StopIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { MicrophoneIcon } from './microphone-icon.tsx';

type Props = {
  isActive: boolean;
  connecting: boolean;
  caption: string;
  onToggle: () => void;
  /** The user is about to press it (pointer over it or down on it, or focus). */
  onPrepare: () => void;
  /** Calls cannot start now (the budget's hard stop): Start is disabled and the notice says why. */
  paused?: boolean;
};

/** The large round call button (a microphone; red with Stop while a call is active) and the caption beneath it. */
export function CallToggle({ isActive, connecting, caption, onToggle, onPrepare, paused = false }: Props) {
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
        disabled={connecting || (paused && !isActive)}
        loading={connecting}
        onClick={onToggle}
        onPointerEnter={onPrepare}
        onPointerDown={onPrepare}
        onFocus={onPrepare}
      >
        {isActive ? <StopIcon width="36" height="36" /> : <MicrophoneIcon width="36" height="36" />}
      </IconButton>
      <Text size="2" color="gray" id={captionId}>
        {caption}
      </Text>
    </Flex>
  );
}
