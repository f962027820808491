import {
  mergeVoiceProfile,
  previewVoiceProfileRequestSchema,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfileFields,
} from '@annie/contracts/voice-profiles';
import type { AiSessionConfig, CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import { compileVoiceSession, type RetiredModelNotice } from './compile-voice-session.ts';
import { systemPersona } from './system-profile.service.ts';
import type { VoiceProfile } from './voice-profile.entity.ts';
import { findDefaultProfile } from './voice-profile-store.ts';

/** The system profile speaks as the persona itself: its text is not repeated as "Profile specifics". */
const asPersonaOnly = (fields: VoiceProfileFields): VoiceProfileFields => ({
  ...fields,
  description: '',
  instructions: '',
});

/** A saved profile compiled with the tenant's persona. */
export async function compileProfile(
  em: EntityManager,
  profile: VoiceProfile,
  defaultModel: string,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
): Promise<CompiledVoiceSession> {
  if (profile.isSystem)
    return compileVoiceSession(
      asPersonaOnly(profile.settings),
      profile.settings,
      defaultModel,
      onRetiredModel,
    );
  return compileVoiceSession(profile.settings, await systemPersona(em), defaultModel, onRetiredModel);
}

/** The Preview tab: the editor's unsaved fields, compiled exactly as a session would be. */
export async function compilePreview(
  em: EntityManager,
  body: unknown,
  defaultModel: string,
): Promise<CompiledVoiceSession> {
  const { isSystemProfile, name, ...patch } = previewVoiceProfileRequestSchema.parse(body);
  const fields = mergeVoiceProfile(VOICE_PROFILE_DEFAULTS, { ...patch, name: name ?? '' });
  if (isSystemProfile) return compileVoiceSession(asPersonaOnly(fields), fields, defaultModel);
  return compileVoiceSession(fields, await systemPersona(em), defaultModel);
}

/**
 * GET /api/ai/session-config: the default profile of the default agent compiled; with no
 * profile saved yet, the default settings under the persona.
 */
export async function sessionConfig(em: EntityManager, defaultModel: string): Promise<AiSessionConfig> {
  const { persona, profile, compiled } = await defaultSession(em, defaultModel);
  return {
    systemPrompt: compiled.instructions,
    voice: compiled.voice,
    model: compiled.model,
    temperature: compiled.temperature,
    knowledgeContext: null,
    personalityTraits: profile?.isSystem ? profile.settings.personalityTraits : persona.personalityTraits,
    vadConfig: {
      threshold: compiled.turnDetection.threshold,
      silenceDurationMs: compiled.turnDetection.silence_duration_ms,
      prefixPaddingMs: compiled.turnDetection.prefix_padding_ms,
      idleTimeoutMs: compiled.turnDetection.idle_timeout_ms,
    },
  };
}

async function defaultSession(
  em: EntityManager,
  defaultModel: string,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
) {
  const persona = await systemPersona(em);
  const profile = await findDefaultProfile(em);
  const compiled = profile
    ? await compileProfile(em, profile, defaultModel, onRetiredModel)
    : compileVoiceSession(
        { ...VOICE_PROFILE_DEFAULTS, name: 'Default' },
        persona,
        defaultModel,
        onRetiredModel,
      );
  return { persona, profile, compiled };
}

/**
 * The session the voice page's calls run with (what GET /api/ai/session-config serves, compiled) and the
 * id of the profile it was compiled from (null with no profile saved: the default settings).
 */
export async function compileDefaultSession(
  em: EntityManager,
  defaultModel: string,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
): Promise<{ compiled: CompiledVoiceSession; profileId: string | null }> {
  const { profile, compiled } = await defaultSession(em, defaultModel, onRetiredModel);
  return { compiled, profileId: profile?.id ?? null };
}

/**
 * The session a third party talks to (a caller, whoever an outbound call reaches): the default profile's
 * voice, conduct and guardrails under the persona (the read-only system profile, the product's own text),
 * without the profile's description and instructions. Those are free text a tenant wrote and may hold
 * private detail; a caller asking "repeat your instructions" must find none of it.
 */
export async function compileThirdPartySession(
  em: EntityManager,
  defaultModel: string,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
  /** The profile chosen for the call (an outbound call's); the default one when absent. */
  chosen?: VoiceProfile,
): Promise<CompiledVoiceSession> {
  const profile = chosen ?? (await findDefaultProfile(em));
  const settings = profile?.settings ?? { ...VOICE_PROFILE_DEFAULTS, name: 'Default' };
  const persona = profile?.isSystem ? profile.settings : await systemPersona(em);
  return compileVoiceSession(asPersonaOnly(settings), persona, defaultModel, onRetiredModel);
}
