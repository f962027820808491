import { randomUUID } from 'node:crypto';
import { CALL_CHANNELS, CALL_DIRECTIONS, type CallTranscriptEntry } from '@annie/contracts/calls';
import { VOICE_ENGINES } from '@annie/contracts/voice-profile-options';
import { defineEntity, p } from '@mikro-orm/core';
import { tenantFilter } from '../../../db/tenant-filter.ts';

/**
 * One call with the assistant: a phone call (twilio), a browser call (webrtc) or a typed call on the
 * simple /call page (web). It belongs to one user of the tenant (for an inbound phone call, the
 * tenant's owner).
 */
const CallSessionSchema = defineEntity({
  name: 'CallSession',
  tableName: 'call_session',
  filters: tenantFilter,
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    tenantId: p.string(),
    userId: p.uuid(),
    channel: p.enum(CALL_CHANNELS),
    direction: p.enum(CALL_DIRECTIONS).nullable(),
    callerId: p.text().nullable(),
    /** Twilio CallSid or OpenAI realtime call id; unique per tenant when set. */
    providerCallId: p.text().nullable(),
    purpose: p.text().nullable(),
    startedAt: p.datetime().onCreate(() => new Date()),
    /** Null while the call is ongoing; once set it never changes. */
    endedAt: p.datetime().nullable(),
    transcript: p.json<CallTranscriptEntry[]>().onCreate(() => []),
    /** The voice conversation holding a browser realtime call's transcript. */
    conversationId: p.uuid().nullable(),
    /** The voice engine the call ran on; null for a typed call and for calls before engines existed. */
    engine: p.enum(VOICE_ENGINES).nullable(),
    /**
     * The voice profile the call ran with (a browser call's default profile, a phone call's chosen or
     * default one); null when none was saved (the default settings) or before engines were recorded.
     */
    profileId: p.uuid().nullable(),
  },
});

export class CallSession extends CallSessionSchema.class {}
CallSessionSchema.setClass(CallSession);

export { CallSessionSchema };
