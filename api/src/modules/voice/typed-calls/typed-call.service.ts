import { ASSIST_NOT_CONFIGURED, CALL_ENDED } from '@annie/contracts/typed-calls-routes';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from '../../../db/pool.ts';
import { conflict, HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import {
  OpenAiTextError,
  type TextGenerator,
  type TextUsage,
} from '../../../providers/openai/openai-text.ts';
import { searchKnowledge } from '../../knowledge/index.ts';
import { assertWithinBudget, recordTextUse } from '../../usage/index.ts';
import { appendCallTranscript, getOwnCallSession } from '../call-sessions/index.ts';
import { sessionConfig } from '../profiles/index.ts';
import { buildAssistPrompt } from './typed-call-prompt.ts';

export { ASSIST_NOT_CONFIGURED, CALL_ENDED };
/** Knowledge-base matches given to the model with each message. */
export const ASSIST_KNOWLEDGE_HITS = 3;

export type AssistDeps = {
  pool: Pool;
  /** Undefined when OPENAI_API_KEY is not set. */
  generator: TextGenerator | undefined;
  /** The realtime model the persona is compiled for (only its instructions are used here). */
  realtimeModel: string;
};

/**
 * The assistant's reply to a message typed during one of the caller's ongoing calls, refused (402) once
 * the tenant's budget stops. Both turns join the call's transcript once the reply exists (a failed reply
 * stores nothing); the tokens the model billed go to the usage ledger.
 */
export async function assistInCall(
  deps: AssistDeps,
  em: EntityManager,
  owner: { tenantId: string; userId: string },
  request: { callId: string; message: string },
): Promise<string> {
  const call = await getOwnCallSession(em, { ...owner, id: request.callId });
  if (call.endedAt) throw conflict(CALL_ENDED);
  if (!deps.generator) throw serviceUnavailable(ASSIST_NOT_CONFIGURED);
  // Every reply spends on the text model: the hard stop holds here, not only when the call starts.
  await assertWithinBudget(deps.pool, owner.tenantId);
  const said = new Date();
  const [session, knowledge] = await Promise.all([
    sessionConfig(em, deps.realtimeModel),
    searchKnowledge(deps.pool, owner.tenantId, { q: request.message, limit: ASSIST_KNOWLEDGE_HITS }),
  ]);
  const prompt = buildAssistPrompt({
    persona: session.systemPrompt,
    knowledge,
    transcript: call.transcript,
    message: request.message,
    onPhone: call.channel === 'twilio',
  });
  let reply: string;
  let usage: TextUsage | undefined;
  try {
    reply = await deps.generator.generate(prompt, undefined, (used) => {
      usage = used;
    });
  } catch (error) {
    if (error instanceof OpenAiTextError) throw new HttpError(502, 'provider_error', error.message);
    throw error;
  } finally {
    // A reply the model billed is in the ledger even when it came back unusable.
    if (usage) await recordTextUse(deps.pool, owner.tenantId, { userId: owner.userId, kind: 'reply', usage });
  }
  await appendCallTranscript(em, {
    ...owner,
    id: call.id,
    entries: [
      { role: 'user', content: request.message, timestamp: said },
      { role: 'assistant', content: reply },
    ],
  });
  return reply;
}
