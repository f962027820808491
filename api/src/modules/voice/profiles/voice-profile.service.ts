import {
  type createVoiceProfileRequestSchema,
  DEFAULT_AGENT_ID,
  importVoiceProfileRequestSchema,
  mergeVoiceProfile,
  type updateVoiceProfileRequestSchema,
  VOICE_PROFILE_DEFAULTS,
} from '@annie/contracts/voice-profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { badRequest, conflict } from '../../../lib/http-errors.ts';
import { ensureSystemProfile } from './system-profile.service.ts';
import { VoiceProfile } from './voice-profile.entity.ts';
import { agentHasNoDefault, promoteNextDefault, switchDefault } from './voice-profile-default.ts';
import { findProfile, newProfile, type Saver, saveFields } from './voice-profile-store.ts';

/** The agent's profiles, the system profile first, then by name. */
export async function listProfiles(
  em: EntityManager,
  saver: Saver,
  agentId: string,
): Promise<VoiceProfile[]> {
  await ensureSystemProfile(em, saver);
  return em.find(
    VoiceProfile,
    { $or: [{ agentId }, { isSystem: true }] },
    { orderBy: { isSystem: 'desc', name: 'asc', createdAt: 'asc' } },
  );
}

/**
 * A new profile: the given fields over the default settings. It becomes the agent's default when asked
 * to, or when the agent has none yet (an agent with profiles always has exactly one default).
 */
export async function createProfile(
  em: EntityManager,
  saver: Saver,
  input: z.output<typeof createVoiceProfileRequestSchema>,
): Promise<VoiceProfile> {
  const { agentId, isDefault, ...fields } = input;
  const profile = newProfile(em, saver, { agentId }, mergeVoiceProfile(VOICE_PROFILE_DEFAULTS, fields));
  const becomesDefault = isDefault === true || (await agentHasNoDefault(em, agentId));
  await em.flush();
  if (becomesDefault) await switchDefault(em, profile);
  return profile;
}

/** The body as an exported profile file; 400 naming the first thing wrong in it otherwise. */
export function readImportFile(body: unknown): z.output<typeof importVoiceProfileRequestSchema> {
  const result = importVoiceProfileRequestSchema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(
      `Not a voice profile export: ${where}${issue?.message ?? 'invalid file'}`,
      'invalid_import',
    );
  }
  return result.data;
}

/** An exported file becomes a new profile of the default agent (never the default by import). */
export async function importProfile(
  em: EntityManager,
  saver: Saver,
  file: z.output<typeof importVoiceProfileRequestSchema>,
): Promise<VoiceProfile> {
  return createProfile(em, saver, { ...file, agentId: DEFAULT_AGENT_ID, isDefault: false });
}

const SYSTEM_PROFILE_READ_ONLY = 'The system profile is changed through PUT /api/annie/config';

/** Changes the given fields; each save is a new version. `isDefault: true` switches the default. */
export async function updateProfile(
  em: EntityManager,
  saver: Saver,
  id: string | undefined,
  input: z.output<typeof updateVoiceProfileRequestSchema>,
): Promise<VoiceProfile> {
  const { isDefault, ...patch } = input;
  const profile = await findProfile(em, id);
  if (profile.isSystem) throw badRequest(SYSTEM_PROFILE_READ_ONLY, 'system_profile');
  if (isDefault === false && profile.isDefault) {
    throw conflict('An agent always has a default profile: make another profile the default instead');
  }
  if (Object.keys(patch).length > 0)
    saveFields(em, profile, mergeVoiceProfile(profile.settings, patch), saver);
  await em.flush();
  if (isDefault === true && !profile.isDefault) await switchDefault(em, profile);
  return profile;
}

export async function deleteProfile(em: EntityManager, id: string | undefined): Promise<void> {
  const profile = await findProfile(em, id);
  if (profile.isSystem) throw badRequest('The system profile cannot be deleted', 'system_profile');
  const { tenantId, agentId, isDefault } = profile;
  await em.remove(profile).flush();
  if (isDefault) await promoteNextDefault(em, tenantId, agentId);
}

/** POST /:id/make-default. */
export async function makeDefault(em: EntityManager, id: string | undefined): Promise<VoiceProfile> {
  const profile = await findProfile(em, id);
  if (!profile.isDefault) await switchDefault(em, profile);
  return profile;
}
