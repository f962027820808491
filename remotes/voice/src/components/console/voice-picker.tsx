import { VOICES } from '@annie/api-client/contracts/voice-profiles';
import { Flex, RadioGroup, Text } from '@radix-ui/themes';
import { VOICE_DESCRIPTIONS, VOICE_LABELS } from '../../lib/profile-labels.ts';

type Voice = (typeof VOICES)[number];

/** The profile's one voice choice: each voice by name with how it sounds. */
export function VoicePicker({ value, onChange }: { value: Voice; onChange: (voice: Voice) => void }) {
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
            <RadioGroup.Item key={voice} value={voice}>
              <Text weight="medium">{VOICE_LABELS[voice]}</Text>{' '}
              <Text color="gray" size="1">
                {VOICE_DESCRIPTIONS[voice]}
              </Text>
            </RadioGroup.Item>
          ))}
        </Flex>
      </RadioGroup.Root>
    </Flex>
  );
}
