import type { VoiceProfile } from '@annie/contracts/voice-profiles';
import { saveFile } from '@annie/ui/save-file/save-file';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { exportVoiceProfile } from '../api/export-voice-profile.ts';
import { useCreateVoiceProfile } from '../api/use-create-voice-profile.ts';
import { useDeleteVoiceProfile } from '../api/use-delete-voice-profile.ts';
import { useImportVoiceProfile } from '../api/use-import-voice-profile.ts';
import { useMakeDefaultVoiceProfile } from '../api/use-make-default-voice-profile.ts';
import { useUpdateAnnieConfig } from '../api/use-update-annie-config.ts';
import { useUpdateVoiceProfile } from '../api/use-update-voice-profile.ts';
import { annieConfigOf, createRequestOf, type ProfileForm, updateRequestOf } from '../lib/profile-form.ts';

/** The console's mutations, each with its notices (failures without a fixed text show the server's). */
export function useProfileActions() {
  const { toast } = useToast();
  const create = useCreateVoiceProfile();
  const update = useUpdateVoiceProfile();
  const updateAnnie = useUpdateAnnieConfig();
  const remove = useDeleteVoiceProfile();
  const makeDefault = useMakeDefaultVoiceProfile();
  const importProfile = useImportVoiceProfile();
  const success = (title: string) => toast({ title, variant: 'success' });

  return {
    saving: create.isPending || update.isPending || updateAnnie.isPending,
    deleting: remove.isPending,
    save(form: ProfileForm, selected: VoiceProfile | null, onSaved: (profile: VoiceProfile | null) => void) {
      if (!selected) {
        create.mutate(createRequestOf(form), {
          onSuccess: () => {
            success('Profile created successfully');
            onSaved(null);
          },
          onError: (error) => toastError('Failed to create profile', error, 'Unable to create the profile'),
        });
      } else if (selected.isSystemProfile) {
        updateAnnie.mutate(annieConfigOf(form), {
          onSuccess: (profile) => {
            success('AnnieAI configuration updated');
            onSaved(profile);
          },
          onError: () =>
            toast({
              title: 'Failed to update AnnieAI',
              description: 'Unable to save AnnieAI configuration',
              variant: 'destructive',
            }),
        });
      } else {
        update.mutate(
          { id: selected.id, changes: updateRequestOf(form, selected.isDefault) },
          {
            onSuccess: (profile) => {
              success('Profile updated successfully');
              onSaved(profile);
            },
            onError: (error) => toastError('Failed to update profile', error, 'Unable to save the profile'),
          },
        );
      }
    },
    remove(profile: VoiceProfile, onDone: () => void) {
      remove.mutate(profile.id, {
        onSuccess: () => {
          success('Profile deleted successfully');
          onDone();
        },
        onError: (error) => toastError('Failed to delete profile', error, 'Unable to delete the profile'),
      });
    },
    makeDefault(profile: VoiceProfile, onDone: (profile: VoiceProfile) => void) {
      makeDefault.mutate(profile.id, {
        onSuccess: (updated) => {
          success('Default profile updated');
          onDone(updated);
        },
        onError: (error) =>
          toastError('Failed to update default', error, 'Unable to make this profile the default'),
      });
    },
    async exportProfile(profile: VoiceProfile) {
      try {
        const file = await exportVoiceProfile(profile);
        saveFile(file.blob, file.filename);
        success('Profile exported successfully');
      } catch {
        toast({
          title: 'Export failed',
          description: 'Unable to export the profile',
          variant: 'destructive',
        });
      }
    },
    async importFile(file: File) {
      try {
        await importProfile.mutateAsync(await file.text());
        success('Profile imported successfully');
      } catch {
        toast({
          title: 'Import failed',
          description: 'Please check the file format and try again',
          variant: 'destructive',
        });
      }
    },
  };
}
