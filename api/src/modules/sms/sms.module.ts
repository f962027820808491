import * as smsContracts from '@annie/contracts/sms-routes';
import Router from '@koa/router';
import type { CountryCode } from 'libphonenumber-js';
import type { ApiModule } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { defineSchedule } from '../../jobs/define-schedule.ts';
import { createOpenAiTextGenerator } from '../../providers/openai/openai-text.ts';
import { Migration20261122030100_sms } from './migrations/Migration20261122030100_sms.ts';
import { smsHandlers } from './sms.routes.ts';
import { writeDraft } from './sms-draft.worker.ts';
import { smsEventsHandlers } from './sms-events.routes.ts';
import { smsDraftQueue } from './sms-queues.ts';
import { smsSendingOf } from './sms-sending.ts';
import { priceSentTexts, TEXT_PRICE_SWEEP_MS } from './sms-usage.ts';
import { smsWebhookHandlers } from './sms-webhook.routes.ts';

/** SMS: threads with the tenant's contacts, Twilio webhooks, opt-out and the assistant's drafts. */
export const smsModule: ApiModule = {
  name: 'sms',
  entities: [],
  migrations: [{ name: 'Migration20261122030100_sms', class: Migration20261122030100_sms }],
  create: (deps) => {
    const { config, pool, jobs, workers, live, logger, connections } = deps;
    const sending = smsSendingOf(config);
    const generator = createOpenAiTextGenerator({
      apiKey: config.OPENAI_API_KEY,
      baseUrl: config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL,
      model: config.OPENAI_TEXT_MODEL,
    });
    const draftsMissing = generator ? [] : ['OPENAI_API_KEY'];
    return {
      routers: [
        defineRoutes(new Router<AppState>(), smsContracts, {
          ...smsEventsHandlers({ live, connections }),
          ...smsHandlers({
            pool,
            sending,
            region: config.PHONE_DEFAULT_REGION as CountryCode,
            draftsMissing,
          }),
          ...smsWebhookHandlers({ pool, jobs, sending, draftsEnabled: generator !== undefined }),
        }),
      ],
      // Twilio prices a sent text after it has left: its price joins the usage ledger then.
      schedules: [
        defineSchedule({
          name: 'text-prices',
          every: TEXT_PRICE_SWEEP_MS,
          run: () => priceSentTexts(pool, sending, logger),
        }),
      ],
      start: async () => {
        if (!generator) return async () => {};
        const draftDeps = {
          pool: workers.pool,
          generator,
          sending,
          assistantName: config.ASSISTANT_NAME,
          logger,
        };
        await workers.work(smsDraftQueue, { batchSize: 4, localConcurrency: 2 }, (batch) =>
          Promise.all(batch.map((job) => writeDraft(draftDeps, job))),
        );
        return async () => workers.stopWork(smsDraftQueue);
      },
    };
  },
};
