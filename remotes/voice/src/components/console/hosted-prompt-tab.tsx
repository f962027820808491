import { HOSTED_PROMPT_PRESETS } from '@annie/contracts/voice-profiles';
import { Callout, Flex } from '@radix-ui/themes';
import { HOSTED_PROMPT_LABELS } from '../../lib/profile-labels.ts';
import type { EditorTabProps } from './editor-tab-props.ts';
import { ChoiceSetting } from './setting-controls.tsx';

/** Hosted Prompt: an optional preset; `none` is kept as no preset. */
export function HostedPromptTab({ form, change }: EditorTabProps) {
  return (
    <Flex direction="column" gap="4">
      <ChoiceSetting
        label="Preset"
        value={form.hostedPromptId ?? 'none'}
        options={HOSTED_PROMPT_PRESETS}
        labelOf={(preset) => HOSTED_PROMPT_LABELS[preset]}
        onChange={(preset) => change({ hostedPromptId: preset === 'none' ? null : preset })}
      />
      <Callout.Root color="gray">
        <Callout.Text>Session values override conflicting preset values.</Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
