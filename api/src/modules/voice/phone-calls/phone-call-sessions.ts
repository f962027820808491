import type { Orm } from '../../../db/orm.ts';
import type { Pool } from '../../../db/pool.ts';
import type { MeasuredCall } from '../bridge/index.ts';
import {
  appendCallTranscript,
  CallSession,
  endCallSession,
  recordCallFigures,
  startCallSession,
} from '../call-sessions/index.ts';

/** One line of a phone call's transcript, as the call session stores it. */
export type PhoneTranscriptLine = { role: 'user' | 'assistant'; content: string; timestamp: string };

/**
 * How phone calls are recorded as call sessions (channel `twilio`, shown in Call History as Phone
 * Call). Every operation names its tenant; webhooks and the media stream have no signed-in user.
 */
export type CallSessionRecorder = {
  start: (input: {
    tenantId: string;
    userId: string;
    direction: 'inbound' | 'outbound';
    callerId: string;
    providerCallId: string | null;
    purpose: string;
  }) => Promise<string>;
  end: (tenantId: string, callSessionId: string) => Promise<void>;
  appendTranscript: (tenantId: string, callSessionId: string, line: PhoneTranscriptLine) => Promise<void>;
  /** The transcript stored so far (a resumed stream tells the model what was already said). */
  transcript: (tenantId: string, callSessionId: string) => Promise<PhoneTranscriptLine[]>;
  /** The call is another user's of the tenant (the one who proved the passcode): it moves to their history. */
  assignTo: (tenantId: string, callSessionId: string, userId: string) => Promise<void>;
  /** What the bridge measured, once the call has ended (priced and added to the usage ledger). */
  recordFigures?: (input: {
    tenantId: string;
    callSessionId: string;
    measured: MeasuredCall;
    models: { voice: string; transcription: string | null };
    twilioCallSid: string | null;
    /** Only when the call has no figures yet (it ended without its media stream). */
    ifMissing?: boolean;
  }) => Promise<void>;
};

/** The calls module's service, each operation on its own EntityManager. */
export function callSessionRecorder(orm: Orm, pool?: Pool): CallSessionRecorder {
  return {
    ...(pool && {
      async recordFigures(input) {
        await recordCallFigures(pool, { ...input, source: 'server' });
      },
    }),
    async start(input) {
      const session = await startCallSession(orm.em.fork(), {
        ...input,
        channel: 'twilio',
        purpose: input.purpose || null,
      });
      return session.id;
    },
    async end(tenantId, id) {
      await endCallSession(orm.em.fork(), { tenantId, id });
    },
    async appendTranscript(tenantId, id, line) {
      await appendCallTranscript(orm.em.fork(), { tenantId, id, entries: [line] });
    },
    async transcript(tenantId, id) {
      const session = await orm.em
        .fork()
        .findOne(CallSession, { id, tenantId }, { filters: false, fields: ['transcript'] });
      return (session?.transcript ?? []).map(({ role, content, timestamp }) => ({
        role,
        content,
        timestamp,
      }));
    },
    async assignTo(tenantId, id, userId) {
      await orm.em.fork().nativeUpdate(CallSession, { id, tenantId }, { userId }, { filters: false });
    },
  };
}
