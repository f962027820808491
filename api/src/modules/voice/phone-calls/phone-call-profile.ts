import { VOICE_PROFILE_UNKNOWN_MESSAGE } from '@annie/contracts/phone-calls';
import { SYSTEM_PROFILE_ID } from '@annie/contracts/voice-profiles';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { badRequest } from '../../../lib/http-errors.ts';
import { VoiceProfile } from '../profiles/index.ts';

// The voice profile an outbound call speaks with. `em` is scoped to the call's tenant (its filter).

/**
 * The stored id of the tenant's profile `id` names, as the profile list names it (a UUID, or the
 * system profile's id); 400 when it names none of the tenant's, before anything is dialled.
 */
export async function callProfileId(em: EntityManager, id: string): Promise<string> {
  const uuid = z.uuid().safeParse(id);
  const where = id === SYSTEM_PROFILE_ID ? { isSystem: true } : uuid.success ? { id: uuid.data } : null;
  const profile = where ? await em.findOne(VoiceProfile, where) : null;
  if (!profile) throw badRequest(VOICE_PROFILE_UNKNOWN_MESSAGE, 'unknown_profile');
  return profile.id;
}

/** The profile a call was placed with, if one was chosen and it still exists (else the default applies). */
export async function chosenProfile(
  em: EntityManager,
  id: string | null | undefined,
): Promise<VoiceProfile | null> {
  return id ? em.findOne(VoiceProfile, { id }) : null;
}
