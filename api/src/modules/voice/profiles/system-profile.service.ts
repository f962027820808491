import {
  annieConfigRequestSchema,
  DEFAULT_AGENT_ID,
  mergeVoiceProfile,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfileFields,
} from '@annie/contracts/voice-profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import { lockForTransaction } from '../../../db/advisory-lock.ts';
import type { SystemPersona } from './compile-voice-session.ts';
import { DEFAULT_PERSONA } from './voice-briefing.ts';
import { VoiceProfile } from './voice-profile.entity.ts';
import { newProfile, type Saver, saveFields } from './voice-profile-store.ts';

/** What the system profile holds until an admin changes it: the default persona. */
export const SYSTEM_PROFILE_DEFAULTS: VoiceProfileFields = {
  ...VOICE_PROFILE_DEFAULTS,
  name: 'AnnieAI',
  description: 'The persona every profile builds on.',
  instructions: DEFAULT_PERSONA,
  personalityTraits: ['discreet', 'concise', 'courteous'],
};

/**
 * The tenant's system profile, created with its defaults the first time an admin needs it. Creation
 * is serialised per tenant, so two first page loads at once do not both try to insert it.
 */
export async function ensureSystemProfile(em: EntityManager, saver: Saver): Promise<VoiceProfile> {
  const existing = await em.findOne(VoiceProfile, { isSystem: true });
  if (existing) return existing;
  await em.transactional(async (tx) => {
    await lockForTransaction(tx, `voice-system-profile:${saver.tenantId}`);
    if (await tx.count(VoiceProfile, { isSystem: true })) return;
    newProfile(tx, saver, { agentId: DEFAULT_AGENT_ID, isSystem: true }, SYSTEM_PROFILE_DEFAULTS);
  });
  return em.findOneOrFail(VoiceProfile, { isSystem: true });
}

/** The persona for compiling: the saved system profile's, or the defaults (no write on a read). */
export async function systemPersona(em: EntityManager): Promise<SystemPersona> {
  const system = await em.findOne(VoiceProfile, { isSystem: true });
  const { instructions, personalityTraits, model } = system?.settings ?? SYSTEM_PROFILE_DEFAULTS;
  return { instructions, personalityTraits, model };
}

/** PUT /api/annie/config: the system-profile payload onto the profile's fields. */
export async function updateAnnieConfig(
  em: EntityManager,
  saver: Saver,
  body: unknown,
): Promise<VoiceProfile> {
  const input = annieConfigRequestSchema.parse(body);
  const profile = await ensureSystemProfile(em, saver);
  const { vadSettings, ...rest } = input;
  const vad = vadSettings
    ? {
        vadSilenceMs: vadSettings.silenceDurationMs,
        vadThreshold: vadSettings.threshold,
        vadPrefixMs: vadSettings.prefixPaddingMs,
      }
    : {};
  saveFields(em, profile, mergeVoiceProfile(profile.settings, { ...rest, ...vad }), saver);
  await em.flush();
  return profile;
}
