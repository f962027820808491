import {
  ACKNOWLEDGMENT_STYLES,
  BREVITY_LEVELS,
  EMPHASIS_LEVELS,
  STYLE_PRESETS,
  VOICE_PROFILE_RANGES,
} from '@annie/contracts/voice-profiles';
import { Flex, Switch, Text } from '@radix-ui/themes';
import {
  ACKNOWLEDGMENT_LABELS,
  BREVITY_LABELS,
  EMPHASIS_LABELS,
  STYLE_LABELS,
} from '../../lib/profile-labels.ts';
import type { EditorTabProps } from './editor-tab-props.ts';
import { ChoiceSetting, SliderSetting } from './setting-controls.tsx';

/** Personality: humanness, style, prosody (custom style only), length, acknowledgment, mirroring (the voice is on Basic). */
export function PersonalityTab({ form, change }: EditorTabProps) {
  const policies = (patch: Partial<EditorTabProps['form']['appPolicies']>) =>
    change({ appPolicies: { ...form.appPolicies, ...patch } });
  return (
    <Flex direction="column" gap="4">
      <SliderSetting
        label="Humanness"
        value={form.humanness}
        range={VOICE_PROFILE_RANGES.humanness}
        onChange={(humanness) => change({ humanness })}
      />
      <ChoiceSetting
        label="Conversation Style"
        value={form.stylePreset}
        options={STYLE_PRESETS}
        labelOf={(style) => STYLE_LABELS[style]}
        onChange={(stylePreset) => change({ stylePreset })}
      />
      {form.stylePreset === 'custom' && (
        <Flex direction="column" gap="4" aria-label="Prosody" role="group">
          <SliderSetting
            label="Pace"
            value={form.prosody.pace}
            range={VOICE_PROFILE_RANGES.pace}
            onChange={(pace) => change({ prosody: { ...form.prosody, pace } })}
          />
          <SliderSetting
            label="Pitch"
            value={form.prosody.pitch}
            range={VOICE_PROFILE_RANGES.pitch}
            onChange={(pitch) => change({ prosody: { ...form.prosody, pitch } })}
          />
          <ChoiceSetting
            label="Emphasis"
            value={form.prosody.emphasis}
            options={EMPHASIS_LEVELS}
            labelOf={(emphasis) => EMPHASIS_LABELS[emphasis]}
            onChange={(emphasis) => change({ prosody: { ...form.prosody, emphasis } })}
          />
        </Flex>
      )}
      <ChoiceSetting
        label="Response Length"
        value={form.appPolicies.brevity}
        options={BREVITY_LEVELS}
        labelOf={(brevity) => BREVITY_LABELS[brevity]}
        onChange={(brevity) => policies({ brevity })}
      />
      <ChoiceSetting
        label="Acknowledgment Style"
        value={form.appPolicies.acknowledgment}
        options={ACKNOWLEDGMENT_STYLES}
        labelOf={(style) => ACKNOWLEDGMENT_LABELS[style]}
        onChange={(acknowledgment) => policies({ acknowledgment })}
      />
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={form.appPolicies.mirroring}
            onCheckedChange={(mirroring) => policies({ mirroring })}
          />{' '}
          Style Mirroring
        </Flex>
      </Text>
    </Flex>
  );
}
