import { LOCALES, REGIONS, VOICE_PROFILE_CONTEXTS, VOICES } from '@annie/api-client/contracts/voice-profiles';
import { FormField } from '@annie/ui/form-field/form-field';
import { Flex, Grid, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import type { EditorTabProps } from './editor-tab-props.ts';
import { ChoiceSetting } from './setting-controls.tsx';

/** Basic: name, context, description and instructions, voice, locale, region, the two switches. */
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
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        <ChoiceSetting
          label="Voice"
          value={form.voice}
          options={VOICES}
          onChange={(voice) => change({ voice })}
        />
        <ChoiceSetting
          label="Locale"
          value={form.locale}
          options={LOCALES}
          onChange={(locale) => change({ locale })}
        />
        <ChoiceSetting
          label="Region"
          value={form.region}
          options={REGIONS}
          onChange={(region) => change({ region })}
        />
      </Grid>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          {/* Always on and never saved: profiles have no inactive state. */}
          <Switch checked disabled /> Profile Active
        </Flex>
      </Text>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={form.isDefault}
            disabled={alreadyDefault}
            onCheckedChange={(isDefault) => change({ isDefault })}
          />
          Make Default for this Agent
        </Flex>
      </Text>
    </Flex>
  );
}
