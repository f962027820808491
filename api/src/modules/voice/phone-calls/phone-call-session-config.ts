import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import type { CompiledVoiceSession } from '@annie/contracts/voice-session';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  compileProfile,
  compileThirdPartySession,
  compileVoiceSession,
  findDefaultProfile,
  type RetiredModelNotice,
  systemPersona,
} from '../profiles/index.ts';
import { type CallBrief, phoneCallBrief } from './phone-call-brief.ts';
import { chosenProfile } from './phone-call-profile.ts';

/**
 * The realtime session of a phone call: for the executive, the profile chosen for the call (else the
 * tenant's default) compiled exactly as for a browser call (the default settings under the persona when
 * none is saved); for anyone else, its caller-safe form. The call's brief is appended.
 * `em` must be scoped to the call's tenant.
 */
export async function compilePhoneCallSession(
  em: EntityManager,
  defaultModel: string,
  brief: CallBrief,
  onRetiredModel?: (notice: RetiredModelNotice) => void,
): Promise<CompiledVoiceSession> {
  // A caller gets the caller-safe persona: none of the executive's free text to repeat back.
  const chosen = await chosenProfile(em, brief.profileId);
  if (brief.party.kind !== 'executive') {
    const safe = await compileThirdPartySession(em, defaultModel, onRetiredModel, chosen ?? undefined);
    return { ...safe, instructions: `${safe.instructions}\n${phoneCallBrief(brief)}` };
  }
  const profile = chosen ?? (await findDefaultProfile(em));
  const compiled = profile
    ? await compileProfile(em, profile, defaultModel, onRetiredModel)
    : compileVoiceSession(
        { ...VOICE_PROFILE_DEFAULTS, name: 'Default' },
        await systemPersona(em),
        defaultModel,
        onRetiredModel,
      );
  return { ...compiled, instructions: `${compiled.instructions}\n${phoneCallBrief(brief)}` };
}
