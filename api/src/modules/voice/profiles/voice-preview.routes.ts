import * as contract from '@annie/contracts/voice-profiles-routes';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
import { HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import { OpenAiSpeechError, SPEECH_CONTENT_TYPE } from '../../../providers/openai/openai-speech.ts';
import { assertWithinBudget } from '../../usage/index.ts';
import {
  previewSentence,
  VoicePreviewCache,
  type VoicePreviewDeps,
  voicePreviewLimit,
} from './voice-preview.ts';

/**
 * POST /api/voice/profiles/voice-preview: the Voice Console's Play button beside each voice. The sample
 * is kept per tenant and voice (VoicePreviewCache), so only the first play of a voice in an hour asks
 * OpenAI; that one is refused, like a call, once the tenant's budget hard stop is reached. A sample
 * costs about a tenth of a cent (four seconds of gpt-4o-mini-tts at about $0.015 a minute) and at most
 * one per tenant, voice and instance an hour is made, so it is not written to the usage ledger.
 */
export function voicePreviewHandlers(deps: VoicePreviewDeps) {
  const cache = deps.cache ?? new VoicePreviewCache();
  const limit = voicePreviewLimit(deps.pool, deps.perMinute ?? 10);

  return {
    previewVoice: async (ctx, { body: { voice }, auth: { tenantId, userId } }) => {
      const speech = deps.speech;
      if (!speech) throw serviceUnavailable(contract.VOICE_PREVIEW_NOT_CONFIGURED);
      await limit(tenantId, userId);
      const audio = await cache.sample(tenantId, voice, async () => {
        await assertWithinBudget(deps.pool, tenantId);
        try {
          return await speech.speak({ voice, input: previewSentence(deps.assistantName) });
        } catch (error) {
          if (error instanceof OpenAiSpeechError) throw new HttpError(502, 'provider_error', error.message);
          throw error;
        }
      });
      ctx.type = SPEECH_CONTENT_TYPE;
      ctx.set('Cache-Control', 'private, max-age=3600');
      return { status: 200, body: audio };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
