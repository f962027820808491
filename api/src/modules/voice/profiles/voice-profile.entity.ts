import { randomUUID } from 'node:crypto';
import type { VoiceProfileFields } from '@annie/contracts/voice-profiles';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../../db/tenant-filter.ts';

/**
 * A voice profile of one agent in one tenant. Name and context are columns (listed, searched);
 * every other setting lives in `settings`, validated by the contract on the way in and out.
 * The system profile (annieai-system) is one row per tenant with `isSystem`.
 */
const VoiceProfileSchema = defineEntity({
  name: 'VoiceProfile',
  tableName: 'voice_profile',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    agentId: p.string(),
    name: p.text(),
    context: p.string(),
    settings: p.json<VoiceProfileFields>(),
    isDefault: p.boolean().default(false),
    isSystem: p.boolean().default(false),
    version: p.integer().default(1),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class VoiceProfile extends VoiceProfileSchema.class {}
VoiceProfileSchema.setClass(VoiceProfile);

export { VoiceProfileSchema };
