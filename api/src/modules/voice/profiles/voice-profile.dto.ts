import {
  SYSTEM_PROFILE_ID,
  type VoiceProfile as VoiceProfileDto,
  type VoiceProfileFields,
  type VoiceProfileVersion as VoiceProfileVersionDto,
} from '@annie/contracts/voice-profiles';
import type { VoiceProfile } from './voice-profile.entity.ts';
import type { VoiceProfileVersion } from './voice-profile-version.entity.ts';

/** A profile as the API returns it; the system profile answers to `annieai-system`. */
export function toVoiceProfileDto(profile: VoiceProfile): VoiceProfileDto {
  return {
    ...profile.settings,
    id: profile.isSystem ? SYSTEM_PROFILE_ID : profile.id,
    agentId: profile.agentId,
    isDefault: profile.isDefault,
    isSystemProfile: profile.isSystem,
    version: profile.version,
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
  };
}

export function toVoiceProfileVersionDto(version: VoiceProfileVersion): VoiceProfileVersionDto {
  return {
    version: version.version,
    savedAt: version.savedAt.toISOString(),
    savedBy: version.savedBy ?? null,
    profile: version.settings,
  };
}

/** The export file: exactly the fields an import accepts. */
export function toVoiceProfileExport(profile: VoiceProfile): VoiceProfileFields {
  return { ...profile.settings };
}

/** `{name}-export.json`, with characters a file name cannot hold replaced. */
export function exportFileName(profile: VoiceProfile): string {
  return `${profile.name.replace(/[\\/:*?"<>|\r\n]+/g, '_')}-export.json`;
}
