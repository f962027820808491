import { VOICE_PROFILE_RANGES } from '@annie/contracts/voice-profiles';
import { Flex, Grid, Heading } from '@radix-ui/themes';
import { BannedPhrasesField } from './banned-phrases-field.tsx';
import type { EditorTabProps } from './editor-tab-props.ts';
import { NumberSetting } from './setting-controls.tsx';

const R = VOICE_PROFILE_RANGES;

/**
 * Advanced: turn detection, the clarifying-question limit and the banned phrases; each number keeps its
 * range and step.
 */
export function AdvancedTab({ form, change }: EditorTabProps) {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h3" size="3">
        Turn Detection
      </Heading>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <NumberSetting
          label="Silence duration (ms)"
          value={form.vadSilenceMs}
          range={R.vadSilenceMs}
          fallback={R.vadSilenceMs.default}
          onChange={(vadSilenceMs) => change({ vadSilenceMs })}
        />
        <NumberSetting
          label="Threshold"
          value={form.vadThreshold}
          range={R.vadThreshold}
          fallback={R.vadThreshold.default}
          onChange={(threshold) => change({ vadThreshold: String(threshold) })}
        />
        <NumberSetting
          label="Prefix padding (ms)"
          value={form.vadPrefixMs}
          range={R.vadPrefixMs}
          fallback={R.vadPrefixMs.default}
          onChange={(vadPrefixMs) => change({ vadPrefixMs })}
        />
        <NumberSetting
          label="Idle timeout (ms)"
          value={form.idleTimeoutMs}
          range={R.idleTimeoutMs}
          fallback={R.idleTimeoutMs.default}
          onChange={(idleTimeoutMs) => change({ idleTimeoutMs })}
        />
      </Grid>
      <NumberSetting
        label="Max clarifying questions"
        value={form.appPolicies.maxClarifyingQuestions}
        range={R.maxClarifyingQuestions}
        fallback={R.maxClarifyingQuestions.default}
        onChange={(maxClarifyingQuestions) =>
          change({ appPolicies: { ...form.appPolicies, maxClarifyingQuestions } })
        }
      />
      <BannedPhrasesField
        phrases={form.appPolicies.lexicalBans}
        onChange={(lexicalBans) => change({ appPolicies: { ...form.appPolicies, lexicalBans } })}
      />
    </Flex>
  );
}
