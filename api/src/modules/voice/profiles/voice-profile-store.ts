import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_AGENT_ID,
  SYSTEM_PROFILE_ID,
  type VoiceProfileFields,
  voiceProfileFieldsSchema,
} from '@annie/contracts/voice-profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../../../lib/http-errors.ts';
import { VoiceProfile } from './voice-profile.entity.ts';
import { VoiceProfileVersion } from './voice-profile-version.entity.ts';

export const PROFILE_NOT_FOUND = 'Voice profile not found';

/** Who is saving: the tenant the rows belong to and the name kept in the version history. */
export type Saver = { tenantId: string; username: string };

/**
 * A profile from its path id: a UUID, or `annieai-system` for the tenant's system profile.
 * Anything else cannot name a profile, so it is a 404 like a missing one.
 */
export async function findProfile(em: EntityManager, id: string | undefined): Promise<VoiceProfile> {
  if (id === SYSTEM_PROFILE_ID) {
    const system = await em.findOne(VoiceProfile, { isSystem: true });
    if (system) return system;
    throw notFound(PROFILE_NOT_FOUND);
  }
  const uuid = z.uuid().safeParse(id);
  const profile = uuid.success ? await em.findOne(VoiceProfile, { id: uuid.data }) : null;
  if (!profile) throw notFound(PROFILE_NOT_FOUND);
  return profile;
}

function recordVersion(em: EntityManager, profile: VoiceProfile, saver: Saver): void {
  em.create(VoiceProfileVersion, {
    tenantId: saver.tenantId,
    profileId: profile.id,
    version: profile.version,
    settings: profile.settings,
    savedBy: saver.username,
  });
}

/** A new profile row holding `fields` (checked against the contract once more) as its version 1. */
export function newProfile(
  em: EntityManager,
  saver: Saver,
  place: { agentId: string; isSystem?: boolean },
  fields: VoiceProfileFields,
): VoiceProfile {
  const settings = voiceProfileFieldsSchema.parse(fields);
  const profile = em.create(VoiceProfile, {
    tenantId: saver.tenantId,
    agentId: place.agentId,
    isSystem: place.isSystem ?? false,
    name: settings.name,
    context: settings.context,
    settings,
    version: 1,
  });
  recordVersion(em, profile, saver);
  return profile;
}

/**
 * Writes the fields (checked against the contract once more) and records them as the next version.
 * Fields equal to the saved ones change nothing: no new version, and false is answered.
 */
export function saveFields(
  em: EntityManager,
  profile: VoiceProfile,
  fields: VoiceProfileFields,
  saver: Saver,
): boolean {
  const settings = voiceProfileFieldsSchema.parse(fields);
  if (isDeepStrictEqual(settings, voiceProfileFieldsSchema.parse(profile.settings))) return false;
  profile.settings = settings;
  profile.name = settings.name;
  profile.context = settings.context;
  profile.version += 1;
  recordVersion(em, profile, saver);
  return true;
}

/** The default profile of an agent, if the tenant has one. */
export function findDefaultProfile(
  em: EntityManager,
  agentId = DEFAULT_AGENT_ID,
): Promise<VoiceProfile | null> {
  return em.findOne(VoiceProfile, { agentId, isDefault: true });
}
