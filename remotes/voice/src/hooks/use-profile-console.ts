import type { VoiceProfile } from '@annie/api-client/contracts/voice-profiles';
import { useCallback, useState } from 'react';
import { useVoiceProfiles } from '../api/use-voice-profiles.ts';
import { formOf, NEW_PROFILE_FORM, type ProfileForm } from '../lib/profile-form.ts';

/**
 * The editor's state: none selected, editing an existing profile, or creating one.
 * Selecting loads the profile into the form; New resets it to the defaults.
 */
export function useProfileConsole() {
  const profiles = useVoiceProfiles();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState<ProfileForm>(NEW_PROFILE_FORM);
  const selected = profiles.data?.find((profile) => profile.id === selectedId) ?? null;

  const select = useCallback((profile: VoiceProfile) => {
    setSelectedId(profile.id);
    setCreating(false);
    setForm(formOf(profile));
  }, []);

  const startNew = useCallback(() => {
    setSelectedId(null);
    setCreating(true);
    setForm(NEW_PROFILE_FORM);
  }, []);

  /** After creating or deleting: nothing selected, the form back to the defaults. */
  const clear = useCallback(() => {
    setSelectedId(null);
    setCreating(false);
    setForm(NEW_PROFILE_FORM);
  }, []);

  const change = useCallback(
    (patch: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...patch })),
    [],
  );

  const title = creating ? 'Create Profile' : selected ? 'Edit Profile' : 'Select a Profile';
  return { profiles, selected, creating, form, title, select, startNew, clear, change, reload: select };
}
