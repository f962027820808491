import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { Box, Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import type { ProfileForm } from '../../lib/profile-form.ts';
import { AdvancedTab } from './advanced-tab.tsx';
import { BasicTab } from './basic-tab.tsx';
import { EngineTab } from './engine-tab.tsx';
import { GuardrailsTab } from './guardrails-tab.tsx';
import { HostedPromptTab } from './hosted-prompt-tab.tsx';
import { PersonalityTab } from './personality-tab.tsx';
import { PreviewTab } from './preview-tab.tsx';
import { RetiredModelNotice } from './retired-model-notice.tsx';

type ProfileEditorProps = {
  form: ProfileForm;
  change: (patch: Partial<ProfileForm>) => void;
  selected: VoiceProfile | null;
};

/** The seven tabs (Basic, Personality, Engine, Advanced, Guardrails, Hosted Prompt, Preview) over one form. */
export function ProfileEditor({ form, change, selected }: ProfileEditorProps) {
  const [tab, setTab] = useState('basic');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <RetiredModelNotice model={form.model} onReplace={(model) => change({ model })} />
      {/* Wrapped rather than scrolled: seven tabs do not fit a phone's width. */}
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        <Tabs.Trigger value="basic">Basic</Tabs.Trigger>
        <Tabs.Trigger value="personality">Personality</Tabs.Trigger>
        <Tabs.Trigger value="engine">Engine</Tabs.Trigger>
        <Tabs.Trigger value="advanced">Advanced</Tabs.Trigger>
        <Tabs.Trigger value="guardrails">Guardrails</Tabs.Trigger>
        <Tabs.Trigger value="hosted">Hosted Prompt</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
      <Box pt="4">
        <Tabs.Content value="basic">
          <BasicTab form={form} change={change} alreadyDefault={selected?.isDefault ?? false} />
        </Tabs.Content>
        <Tabs.Content value="personality">
          <PersonalityTab form={form} change={change} />
        </Tabs.Content>
        <Tabs.Content value="engine">
          <EngineTab form={form} change={change} />
        </Tabs.Content>
        <Tabs.Content value="advanced">
          <AdvancedTab form={form} change={change} />
        </Tabs.Content>
        <Tabs.Content value="guardrails">
          <GuardrailsTab form={form} change={change} />
        </Tabs.Content>
        <Tabs.Content value="hosted">
          <HostedPromptTab form={form} change={change} />
        </Tabs.Content>
        <Tabs.Content value="preview">
          <PreviewTab
            form={form}
            isSystemProfile={selected?.isSystemProfile ?? false}
            active={tab === 'preview'}
          />
        </Tabs.Content>
      </Box>
    </Tabs.Root>
  );
}
