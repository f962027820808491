import { randomUUID } from 'node:crypto';
import type { VoiceProfileFields } from '@annie/contracts/voice-profiles';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../../db/tenant-filter.ts';

/** One saved state of a profile: what it held, who saved it and when. */
const VoiceProfileVersionSchema = defineEntity({
  name: 'VoiceProfileVersion',
  tableName: 'voice_profile_version',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    profileId: p.uuid(),
    version: p.integer(),
    settings: p.json<VoiceProfileFields>(),
    savedBy: p.string().nullable(),
    savedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class VoiceProfileVersion extends VoiceProfileVersionSchema.class {}
VoiceProfileVersionSchema.setClass(VoiceProfileVersion);

export { VoiceProfileVersionSchema };
