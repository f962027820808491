import type { ProfileForm } from '../../lib/profile-form.ts';

/** What every editor tab receives: the form, and a way to change some of its fields. */
export type EditorTabProps = {
  form: ProfileForm;
  change: (patch: Partial<ProfileForm>) => void;
};
