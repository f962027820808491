import {
  LIVE_MODEL_IDS,
  LIVE_VOICES,
  VOICE_ENGINES,
  VOICE_PROFILE_RANGES,
} from '@annie/contracts/voice-profiles';
import { FormField } from '@annie/ui/form-field/form-field';
import { Flex, Grid, Text, TextField } from '@radix-ui/themes';
import type { EditorTabProps } from './editor-tab-props.ts';
import { ChoiceSetting, NumberSetting } from './setting-controls.tsx';

const ENGINE_LABELS = { realtime: 'Realtime (gpt-realtime)', live: 'GPT-Live (full duplex)' } as const;

/**
 * Engine: Realtime, or GPT-Live with its own model, voice, Responses backend model and the delay
 * before it says "one moment" while the backend works; and the share of calls sent to the other engine,
 * to compare the two on this profile's own calls. The GPT-Live settings are kept whichever
 * engine is chosen, so switching back and forth loses nothing.
 */
export function EngineTab({ form, change }: EditorTabProps) {
  const live = form.live;
  const setLive = (patch: Partial<typeof live>) => change({ live: { ...live, ...patch } });
  return (
    <Flex direction="column" gap="4">
      <ChoiceSetting
        label="Engine"
        value={form.engine}
        options={VOICE_ENGINES}
        labelOf={(engine) => ENGINE_LABELS[engine]}
        onChange={(engine) => change({ engine })}
      />
      <NumberSetting
        label="Calls on the other engine (%)"
        value={form.engineSplitPercent}
        range={VOICE_PROFILE_RANGES.engineSplitPercent}
        fallback={VOICE_PROFILE_RANGES.engineSplitPercent.default}
        onChange={(engineSplitPercent) => change({ engineSplitPercent })}
      />
      <Text size="2" color="gray">
        GPT-Live listens while it speaks and hands every tool to the backend model. The conversation prompt is
        compiled from this profile; see Preview.
      </Text>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        <ChoiceSetting
          label="Live model"
          value={live.model}
          options={LIVE_MODEL_IDS}
          onChange={(model) => setLive({ model })}
        />
        <ChoiceSetting
          label="Live voice"
          value={live.voice}
          options={LIVE_VOICES}
          onChange={(voice) => setLive({ voice })}
        />
        <FormField label="Backend model" hint="The Responses model GPT-Live delegates tools to">
          {(control) => (
            <TextField.Root
              {...control}
              value={live.backendModel}
              onChange={(event) => setLive({ backendModel: event.target.value })}
            />
          )}
        </FormField>
        <NumberSetting
          label="Acknowledgement delay (ms)"
          value={live.acknowledgementDelayMs}
          range={VOICE_PROFILE_RANGES.acknowledgementDelayMs}
          fallback={VOICE_PROFILE_RANGES.acknowledgementDelayMs.default}
          onChange={(acknowledgementDelayMs) => setLive({ acknowledgementDelayMs })}
        />
      </Grid>
    </Flex>
  );
}
