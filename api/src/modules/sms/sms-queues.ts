import { z } from 'zod';
import { defineQueue } from '../../jobs/job-queue.ts';

/** Writes the assistant's draft for one inbound text (and sends it on an auto_respond thread). */
export const smsDraftQueue = defineQueue({
  name: 'sms-draft',
  data: z.object({ tenantId: z.string().min(1), inboundMessageId: z.uuid() }),
  // A rate limit or a provider outage is worth a few retries; after that the text stays unanswered.
  policy: { retryLimit: 3, retryDelay: 2, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 120 },
});
