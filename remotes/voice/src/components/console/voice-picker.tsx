import { VOICES } from '@annie/contracts/voice-profiles';
import { PlayIcon, StopIcon } from '@radix-ui/react-icons';
import { Button, Flex, RadioGroup, Text } from '@radix-ui/themes';
import { useVoiceSample, type VoiceSampleState } from '../../api/use-voice-sample.ts';
import { VOICE_DESCRIPTIONS, VOICE_LABELS } from '../../lib/profile-labels.ts';

type Voice = (typeof VOICES)[number];

/** The Play/Stop button beside a voice: Play, a spinner while the sample comes, Stop while it plays. */
function SampleButton({
  voice,
  state,
  play,
  stop,
}: {
  voice: Voice;
  state: VoiceSampleState;
  play: (voice: Voice) => void;
  stop: () => void;
}) {
  const mine = state.status !== 'idle' && state.voice === voice;
  const label = VOICE_LABELS[voice];
  if (mine && state.status === 'playing')
    return (
      <Button type="button" size="1" variant="soft" aria-label={`Stop the ${label} sample`} onClick={stop}>
        <StopIcon aria-hidden /> Stop
      </Button>
    );
  const loading = mine && state.status === 'loading';
  return (
    <Button
      type="button"
      size="1"
      variant="soft"
      color="gray"
      loading={loading}
      aria-label={loading ? `Loading the ${label} sample` : `Play a sample of ${label}`}
      onClick={() => play(voice)}
    >
      <PlayIcon aria-hidden /> Play
    </Button>
  );
}

/**
 * The profile's one voice choice: each voice by name with how it sounds, and beside it a Play button
 * that plays a short sample of the voice saying the assistant's name (the TTS fake in the sandbox).
 */
export function VoicePicker({ value, onChange }: { value: Voice; onChange: (voice: Voice) => void }) {
  const { state, play, stop } = useVoiceSample();
  return (
    <Flex direction="column" gap="2">
      <Text size="2" weight="medium" id="voice-picker-label">
        Voice
      </Text>
      <RadioGroup.Root
        aria-labelledby="voice-picker-label"
        value={value}
        onValueChange={(voice) => onChange(voice as Voice)}
      >
        <Flex direction="column" gap="2">
          {VOICES.map((voice) => (
            <Flex key={voice} direction="column" gap="1">
              <Flex align="center" justify="between" gap="3">
                <RadioGroup.Item value={voice}>
                  <Text weight="medium">{VOICE_LABELS[voice]}</Text>{' '}
                  <Text color="gray" size="1">
                    {VOICE_DESCRIPTIONS[voice]}
                  </Text>
                </RadioGroup.Item>
                <SampleButton voice={voice} state={state} play={play} stop={stop} />
              </Flex>
              {state.status === 'error' && state.voice === voice && (
                <Text size="1" color="red" role="alert">
                  {state.message}
                </Text>
              )}
            </Flex>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Flex>
  );
}
