import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Pool } from '../../../db/pool.ts';
import type { LiveHub } from '../../../live/live-hub.ts';
import type { CallEngines } from '../bridge/index.ts';
import type { CallSessionRecorder } from './phone-call-sessions.ts';
import type { PhoneCallTools } from './phone-call-tools.ts';
import type { PhoneCalling } from './phone-calling.ts';

export type MediaStreamDeps = {
  pool: Pool;
  scopedEm: (tenantId: string) => EntityManager;
  /** Null when OPENAI_API_KEY is not set (the stream then answers 503). */
  bridges: CallEngines | null;
  calling: PhoneCalling;
  sessions: CallSessionRecorder;
  tools: PhoneCallTools;
  logger: Logger;
  /** The process's LISTEN connection: a proven call hears its owner's phone access revoked. */
  live: LiveHub;
};

/** A live media stream, as the module keeps it (to count, drain and close). */
export type LiveMediaStream = {
  /** Resolves once the stream is over: its call ended, or it was lost and handed over. */
  over: Promise<void>;
  /** The server must go (the drain ran out): the assistant says so following `instructions`, then hangs up. */
  endPolitely: (instructions: string) => void;
};
