import { LOCALES, REGIONS, VOICE_PROFILE_CONTEXTS } from '@annie/contracts/voice-profiles';
import { FormField } from '@annie/ui/form-field/form-field';
import { Flex, Grid, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { CONTEXT_LABELS, LOCALE_LABELS, REGION_LABELS } from '../../lib/profile-labels.ts';
import type { EditorTabProps } from './editor-tab-props.ts';
import { ChoiceSetting } from './setting-controls.tsx';
import { VoicePicker } from './voice-picker.tsx';

/**
 * Basic: name, context, description and instructions, the voice, locale and region (each in words), and
 * the two switches, each saying why when it cannot be changed.
 */
export function BasicTab({ form, change, alreadyDefault }: EditorTabProps & { alreadyDefault: boolean }) {
  return (
    <Flex direction="column" gap="4">
      <FormField label="Profile Name *">
        {(control) => (
          <TextField.Root
            {...control}
            required
            value={form.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </FormField>
      <ChoiceSetting
        label="Context"
        value={form.context}
        options={VOICE_PROFILE_CONTEXTS}
        labelOf={(context) => CONTEXT_LABELS[context]}
        onChange={(context) => change({ context })}
      />
      <FormField label="Description">
        {(control) => (
          <TextField.Root
            {...control}
            value={form.description}
            onChange={(event) => change({ description: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Instructions">
        {(control) => (
          <TextArea
            {...control}
            rows={6}
            value={form.instructions}
            onChange={(event) => change({ instructions: event.target.value })}
          />
        )}
      </FormField>
      <VoicePicker value={form.voice} onChange={(voice) => change({ voice })} />
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <ChoiceSetting
          label="Locale"
          value={form.locale}
          options={LOCALES}
          labelOf={(locale) => LOCALE_LABELS[locale]}
          onChange={(locale) => change({ locale })}
        />
        <ChoiceSetting
          label="Region"
          value={form.region}
          options={REGIONS}
          labelOf={(region) => REGION_LABELS[region]}
          onChange={(region) => change({ region })}
        />
      </Grid>
      <Flex direction="column" gap="1">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            {/* Always on and never saved: profiles have no inactive state. */}
            <Switch checked disabled aria-describedby="profile-active-why" /> Profile Active
          </Flex>
        </Text>
        <Text size="1" color="gray" id="profile-active-why">
          Every profile is always active; delete a profile to retire it.
        </Text>
      </Flex>
      <Flex direction="column" gap="1">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch
              checked={form.isDefault}
              disabled={alreadyDefault}
              aria-describedby={alreadyDefault ? 'profile-default-why' : undefined}
              onCheckedChange={(isDefault) => change({ isDefault })}
            />
            Make Default for this Agent
          </Flex>
        </Text>
        {alreadyDefault && (
          <Text size="1" color="gray" id="profile-default-why">
            This is the agent's default profile. To change that, make another profile the default.
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
