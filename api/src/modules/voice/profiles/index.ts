// Voice profiles: the persona and settings a call's realtime session is compiled from.

export { findCallProfile } from './call-profile.queries.ts';
export {
  compileVoiceSession,
  RETIRED_MODEL_WARNING,
  type RetiredModelNotice,
} from './compile-voice-session.ts';
export { liveEngineModels } from './live-engine-models.queries.ts';
export { systemPersona } from './system-profile.service.ts';
export { DEFAULT_PERSONA } from './voice-briefing.ts';
export { VoiceProfile } from './voice-profile.entity.ts';
export { createProfile } from './voice-profile.service.ts';
export { findDefaultProfile } from './voice-profile-store.ts';
export { voiceProfilesModule } from './voice-profiles.module.ts';
export {
  compileDefaultSession,
  compileProfile,
  compileThirdPartySession,
  sessionConfig,
} from './voice-session.service.ts';
