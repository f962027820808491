import type { Logger } from 'pino';
import type { Pool } from '../../db/pool.ts';
import { runScoped } from '../../db/scoped-sql.ts';
import type { Job, JobOutcome } from '../../jobs/job-workers.ts';
import { OpenAiTextError, type TextGenerator, type TextUsage } from '../../providers/openai/openai-text.ts';
import { draftContactByNumber } from '../contacts/index.ts';
import { searchKnowledge } from '../knowledge/index.ts';
import { BUDGET_STOP_MESSAGE } from '../usage/index.ts';
import { buildDraftPrompt, type DraftContact } from './draft-prompt.ts';
import { replyScopeFor } from './reply-scope.ts';
import { markDraftAutoSent, storeDraft } from './sms-draft.service.ts';
import { smsKeywordOf } from './sms-keywords.ts';
import { CLAIM_AUTO_REPLY_SQL, INBOUND_FOR_DRAFT_SQL, RECENT_MESSAGES_SQL } from './sms-message.queries.ts';
import { sendText } from './sms-send.service.ts';
import type { SmsSending } from './sms-sending.ts';
import { getThread } from './sms-thread.service.ts';
import { draftsStopped, recordDraftUsage } from './sms-usage.ts';

/** At most one automatic reply per thread in this many seconds, so two assistants cannot loop. */
export const AUTO_REPLY_MIN_INTERVAL_SECONDS = 60;
const RECENT_MESSAGES = 10;
const KNOWLEDGE_HITS = 3;

export type DraftWorkerDeps = {
  pool: Pool;
  generator: TextGenerator;
  sending: SmsSending;
  assistantName: string;
  logger: Logger;
};

type DraftJob = Job<{ tenantId: string; inboundMessageId: string }>;

async function loadMaterial(pool: Pool, tenantId: string, inboundMessageId: string) {
  const scope = { tenantId };
  const [message] = await runScoped<{ thread_id: string; body: string }>(pool, scope, INBOUND_FOR_DRAFT_SQL, [
    inboundMessageId,
  ]);
  if (!message) return undefined;
  const thread = await getThread(pool, tenantId, message.thread_id);
  const contact: DraftContact | undefined = await draftContactByNumber(pool, tenantId, thread.phone_e164);
  const recent = await runScoped<{ direction: 'inbound' | 'outbound'; body: string }>(
    pool,
    scope,
    RECENT_MESSAGES_SQL,
    [thread.id, inboundMessageId, RECENT_MESSAGES],
  );
  return { message, thread, contact: contact ?? null, recent };
}

/** Claims this thread's automatic-reply slot, or answers false when one was used too recently. */
async function claimAutoReply(pool: Pool, tenantId: string, threadId: string): Promise<boolean> {
  const rows = await runScoped(pool, { tenantId }, CLAIM_AUTO_REPLY_SQL, [
    threadId,
    AUTO_REPLY_MIN_INTERVAL_SECONDS,
  ]);
  return rows.length > 0;
}

/**
 * Writes one draft: persona, contact, recent thread and knowledge matches go to OpenAI (on an
 * auto_respond thread only shareable knowledge and no notes about the sender); the draft is
 * stored (pending), and on an auto_respond thread sent at once — never to an opted-out number, never in
 * answer to a keyword, once per inbound text, and within the per-thread rate limit (else it waits for
 * the user). A failed generation is retried by the queue; the last failure is logged and the text stays
 * unanswered.
 */
export async function writeDraft(deps: DraftWorkerDeps, job: DraftJob): Promise<JobOutcome> {
  const { tenantId, inboundMessageId } = job.data;
  const material = await loadMaterial(deps.pool, tenantId, inboundMessageId);
  if (!material) return { status: 'completed', output: { skipped: 'message not found' } };
  const { message, thread, contact, recent } = material;
  if (thread.opted_out || thread.preference === 'never_respond' || smsKeywordOf(message.body)) {
    return { status: 'completed', output: { skipped: 'no draft wanted' } };
  }
  if (await draftsStopped(deps.pool, tenantId)) {
    deps.logger.warn({ threadId: thread.id }, BUDGET_STOP_MESSAGE);
    return { status: 'completed', output: { skipped: 'budget spent' } };
  }
  const scope = replyScopeFor(thread.preference);
  let usage: TextUsage | undefined;
  const knowledge = await searchKnowledge(deps.pool, tenantId, {
    q: message.body,
    limit: KNOWLEDGE_HITS,
    shareableOnly: scope.shareableKnowledgeOnly,
  }).catch(() => []);
  let body: string;
  try {
    const prompt = buildDraftPrompt({
      assistantName: deps.assistantName,
      phone: thread.phone_e164,
      contact: contact && !scope.contactNotes ? { ...contact, notes: null } : contact,
      recent,
      knowledge: knowledge.map((hit) => `${hit.type === 'fact' ? hit.key : hit.title}: ${hit.snippet}`),
    });
    body = await deps.generator.generate(prompt, job.signal, (used) => {
      usage = used;
    });
  } catch (error) {
    // A refusal (bad key, bad request) fails the same way on every retry.
    const retryable = !(error instanceof OpenAiTextError) || error.transient;
    const final = !retryable || job.retryCount >= job.retryLimit;
    deps.logger[final ? 'error' : 'warn'](
      { err: error, inboundMessageId, retryCount: job.retryCount },
      final ? 'SMS draft failed; the text stays unanswered' : 'SMS draft failed; will retry',
    );
    const output = { message: error instanceof Error ? error.message : String(error) };
    return { status: retryable ? 'failed' : 'deadletter', output };
  }
  const draftId = await storeDraft(deps.pool, {
    tenantId,
    threadId: thread.id,
    phoneE164: thread.phone_e164,
    inboundMessageId,
    body,
  });
  if (draftId && usage) await recordDraftUsage(deps.pool, tenantId, draftId, usage);
  if (!draftId || thread.preference !== 'auto_respond') return { status: 'completed' };
  if (!(await claimAutoReply(deps.pool, tenantId, thread.id))) {
    deps.logger.info({ threadId: thread.id }, 'SMS auto-reply rate limit: draft left for the user');
    return { status: 'completed', output: { autoReply: 'rate limited' } };
  }
  try {
    const sent = await sendText(deps.pool, deps.sending, tenantId, {
      to: thread.phone_e164,
      body,
      autoReplyTo: inboundMessageId,
    });
    if (sent) await markDraftAutoSent(deps.pool, tenantId, draftId);
  } catch (error) {
    deps.logger.warn({ err: error, threadId: thread.id }, 'SMS auto-reply not sent; draft left for the user');
  }
  return { status: 'completed' };
}
