import {
  type AnnieConfigRequest,
  type CreateVoiceProfileRequest,
  DEFAULT_AGENT_ID,
  type PreviewVoiceProfileRequest,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfile,
  type VoiceProfileFields,
} from '@annie/contracts/voice-profiles';
import { CONTEXT_LABELS } from './profile-labels.ts';

/** What the editor holds: every profile field, and the Make Default switch. */
export type ProfileForm = VoiceProfileFields & { isDefault: boolean };

/** New resets the form to the profile defaults, with Make Default off. */
export const NEW_PROFILE_FORM: ProfileForm = { ...VOICE_PROFILE_DEFAULTS, isDefault: false };

/** The form for a saved profile: its fields, without the server's bookkeeping. */
export function formOf(profile: VoiceProfile): ProfileForm {
  const {
    id: _id,
    agentId: _agent,
    isSystemProfile: _system,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    ...form
  } = profile;
  return form;
}

const fieldsOf = ({ isDefault: _isDefault, ...fields }: ProfileForm): VoiceProfileFields => fields;

/** A saved profile's editable fields alone (what a version holds). */
export const fieldsOfProfile = (profile: VoiceProfile): VoiceProfileFields => fieldsOf(formOf(profile));

/** Sorted keys, so two forms with the same values compare equal whatever order their keys came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** True when the form holds what `baseline` holds (nothing to save, nothing to lose). */
export function sameForm(form: ProfileForm, baseline: ProfileForm): boolean {
  return JSON.stringify(canonical(form)) === JSON.stringify(canonical(baseline));
}

export const createRequestOf = (form: ProfileForm): CreateVoiceProfileRequest => ({
  ...form,
  agentId: DEFAULT_AGENT_ID,
});

/** The Make Default switch is sent only to turn it on: an agent always keeps one default. */
export const updateRequestOf = (form: ProfileForm, wasDefault: boolean) =>
  form.isDefault && !wasDefault ? { ...fieldsOf(form), isDefault: true } : fieldsOf(form);

/** PUT /api/annie/config's payload from the system profile's form. */
export function annieConfigOf(form: ProfileForm): AnnieConfigRequest {
  return {
    name: form.name,
    instructions: form.instructions,
    voice: form.voice,
    humanness: form.humanness,
    stylePreset: form.stylePreset,
    prosody: form.prosody,
    model: form.model,
    vadSettings: {
      silenceDurationMs: form.vadSilenceMs,
      threshold: form.vadThreshold,
      prefixPaddingMs: form.vadPrefixMs,
    },
    personalityTraits: form.personalityTraits,
    appPolicies: form.appPolicies,
  };
}

export const previewRequestOf = (
  form: ProfileForm,
  isSystemProfile: boolean,
): PreviewVoiceProfileRequest => ({
  ...fieldsOf(form),
  isSystemProfile,
});

/** Profile search matches name or context, ignoring case. */
export function matchesProfileSearch(
  profile: Pick<VoiceProfile, 'name' | 'context'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  return (
    !needle ||
    [profile.name, profile.context, CONTEXT_LABELS[profile.context]].some((text) =>
      text.toLowerCase().includes(needle),
    )
  );
}
