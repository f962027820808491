import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, notFound } from '../../../lib/http-errors.ts';
import type { VoiceProfile } from './voice-profile.entity.ts';
import { findProfile, type Saver, saveFields } from './voice-profile-store.ts';
import { VoiceProfileVersion } from './voice-profile-version.entity.ts';

/** Every saved state of a profile, newest first. */
export async function listVersions(
  em: EntityManager,
  id: string | undefined,
): Promise<VoiceProfileVersion[]> {
  const profile = await findProfile(em, id);
  return em.find(VoiceProfileVersion, { profileId: profile.id }, { orderBy: { version: 'desc' } });
}

/** Saves an earlier version's fields again, as the newest version (history is never rewritten). */
export async function restoreVersion(
  em: EntityManager,
  saver: Saver,
  id: string | undefined,
  rawVersion: string | undefined,
): Promise<VoiceProfile> {
  const version = Number(rawVersion);
  if (!Number.isInteger(version) || version < 1) throw badRequest('version must be a whole number from 1');
  const profile = await findProfile(em, id);
  const saved = await em.findOne(VoiceProfileVersion, { profileId: profile.id, version });
  if (!saved) throw notFound(`Version ${version} of this profile does not exist`);
  saveFields(em, profile, saved.settings, saver);
  await em.flush();
  return profile;
}
