// Call sessions: the saved record of every call (status, transcript, duration), read by Call History.

export { unpricedPhoneCalls } from './call-figures.queries.ts';
export { applyTwilioPrice, recordCallFigures } from './call-figures.service.ts';
export { CallSession } from './call-session.entity.ts';
export {
  appendCallTranscript,
  endCallSession,
  getOwnCallSession,
  linkCallSessionToConversation,
  startCallSession,
} from './call-session.service.ts';
export { callChannel } from './call-session-live.ts';
export { callSessionsModule } from './call-sessions.module.ts';
export { claimCallEngine } from './engine-comparison.service.ts';
