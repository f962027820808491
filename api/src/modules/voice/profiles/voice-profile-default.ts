import type { EntityManager } from '@mikro-orm/postgresql';
import { lockForTransaction } from '../../../db/advisory-lock.ts';
import { VoiceProfile } from './voice-profile.entity.ts';

/**
 * Serialises default switches of one agent: without it, two admins switching at once could both
 * clear the old default and then collide on the one-default index.
 */
async function lockAgentDefault(em: EntityManager, tenantId: string, agentId: string): Promise<void> {
  await lockForTransaction(em, `voice-profile-default:${tenantId}:${agentId}`);
}

/**
 * Makes `profile` the one default of its agent: the old default is cleared and the new one set in
 * the same transaction, so readers see one or the other, never none or two.
 */
export async function switchDefault(em: EntityManager, profile: VoiceProfile): Promise<void> {
  await em.transactional(async (tx) => {
    await lockAgentDefault(tx, profile.tenantId, profile.agentId);
    await tx.nativeUpdate(
      VoiceProfile,
      { agentId: profile.agentId, isDefault: true, id: { $ne: profile.id } },
      { isDefault: false },
    );
    await tx.nativeUpdate(VoiceProfile, { id: profile.id }, { isDefault: true });
  });
  profile.isDefault = true;
}

/** After the default was deleted: the most recently updated profile of the agent takes over. */
export async function promoteNextDefault(
  em: EntityManager,
  tenantId: string,
  agentId: string,
): Promise<void> {
  await em.transactional(async (tx) => {
    await lockAgentDefault(tx, tenantId, agentId);
    if (await tx.count(VoiceProfile, { agentId, isDefault: true })) return;
    const next = await tx.findOne(VoiceProfile, { agentId }, { orderBy: { updatedAt: 'desc' } });
    if (next) await tx.nativeUpdate(VoiceProfile, { id: next.id }, { isDefault: true });
  });
}

/** True when the agent has no default yet, so a new profile should become it. */
export async function agentHasNoDefault(em: EntityManager, agentId: string): Promise<boolean> {
  return (await em.count(VoiceProfile, { agentId, isDefault: true })) === 0;
}
