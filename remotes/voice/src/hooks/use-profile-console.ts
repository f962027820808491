import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { useCallback, useEffect, useState } from 'react';
import { useVoiceProfiles } from '../api/use-voice-profiles.ts';
import { formOf, NEW_PROFILE_FORM, type ProfileForm, sameForm } from '../lib/profile-form.ts';

/**
 * The editor's state: none selected, editing an existing profile, or creating one. On entry the agent's
 * default profile (else the first) is selected. Selecting loads the profile into the form; New resets it
 * to the defaults. The form is dirty while it differs from what it was loaded with; selecting another
 * profile or New then waits in `pending` until the user discards the edits (or keeps them).
 */
export function useProfileConsole() {
  const profiles = useVoiceProfiles();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState<ProfileForm>(NEW_PROFILE_FORM);
  const [baseline, setBaseline] = useState<ProfileForm>(NEW_PROFILE_FORM);
  const [entered, setEntered] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const selected = profiles.data?.find((profile) => profile.id === selectedId) ?? null;
  const editing = creating || selected !== null;
  const dirty = editing && !sameForm(form, baseline);

  const load = useCallback((profile: VoiceProfile) => {
    setSelectedId(profile.id);
    setCreating(false);
    setForm(formOf(profile));
    setBaseline(formOf(profile));
  }, []);

  const loadNew = useCallback(() => {
    setSelectedId(null);
    setCreating(true);
    setForm(NEW_PROFILE_FORM);
    setBaseline(NEW_PROFILE_FORM);
  }, []);

  /** After creating or deleting: nothing selected, the form back to the defaults. */
  const clear = useCallback(() => {
    setSelectedId(null);
    setCreating(false);
    setForm(NEW_PROFILE_FORM);
    setBaseline(NEW_PROFILE_FORM);
  }, []);

  useEffect(() => {
    if (entered || !profiles.data) return;
    setEntered(true);
    const first = profiles.data.find((profile) => profile.isDefault) ?? profiles.data[0];
    if (first && selectedId === null && !creating) load(first);
  }, [entered, profiles.data, selectedId, creating, load]);

  /** Runs `action` now when nothing would be lost, else once the user agrees to discard the edits. */
  const guard = useCallback(
    (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    [dirty],
  );

  const select = useCallback(
    (profile: VoiceProfile) => {
      if (profile.id === selectedId && !creating) return;
      guard(() => load(profile));
    },
    [guard, load, selectedId, creating],
  );
  const startNew = useCallback(() => guard(loadNew), [guard, loadNew]);

  const change = useCallback(
    (patch: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...patch })),
    [],
  );

  const discard = {
    open: pending !== null,
    confirm: () => {
      pending?.();
      setPending(null);
    },
    cancel: () => setPending(null),
  };

  const title = creating ? 'Create Profile' : selected ? 'Edit Profile' : 'Select a Profile';
  return {
    profiles,
    selected,
    creating,
    editing,
    form,
    dirty,
    title,
    select,
    startNew,
    clear,
    change,
    discard,
    guard,
    reload: load,
  };
}
