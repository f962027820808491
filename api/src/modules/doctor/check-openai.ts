import type { ProviderCheck } from '@annie/contracts/doctor';
import {
  DEFAULT_TRANSCRIPTION_MODEL,
  describeModelStatus,
  modelStatus,
} from '@annie/contracts/openai-models';
import OpenAI from 'openai';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { liveEngineModels } from '../voice/profiles/index.ts';
import {
  DOCTOR_TIMEOUT_MS,
  errorText,
  failed,
  notConfigured,
  passed,
  providerResult,
} from './doctor-check.ts';
import { modelRetirement, servedDetail } from './model-retirement.ts';

type OpenAiSettings = Pick<
  AppConfig,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_TEXT_BASE_URL'
  | 'OPENAI_REALTIME_CALLS_BASE_URL'
  | 'OPENAI_REALTIME_MODEL'
  | 'OPENAI_TEXT_MODEL'
>;

const LABEL = 'OpenAI';

/**
 * One configured model: it exists for this key (models.retrieve), and whether OpenAI has announced its
 * shutdown (the model's own `shutdown_date`, else the product's dated table).
 */
async function checkModel(client: OpenAI, setting: string, model: string) {
  const name = `${setting} ${model}`;
  try {
    return passed(name, servedDetail(modelRetirement(model, await client.models.retrieve(model))));
  } catch (error) {
    const lifecycle = describeModelStatus(modelStatus(model));
    return failed(name, lifecycle ? `${errorText(error)}; ${lifecycle}` : errorText(error));
  }
}

/**
 * The models each GPT-Live profile chose (its Live model and its Responses backend), checked once per
 * model and reported to the profile's own tenant.
 */
async function checkLiveProfiles(db: Queryable, live: OpenAI, backend: OpenAI) {
  const profiles = await liveEngineModels(db);
  const checked = new Map<string, ReturnType<typeof checkModel>>();
  const once = (client: OpenAI, model: string) => {
    const known = checked.get(model) ?? checkModel(client, 'model', model);
    checked.set(model, known);
    return known;
  };
  const checks = profiles.flatMap(({ tenantId, profile, liveModel, backendModel }) => [
    once(live, liveModel).then((check) => ({
      ...check,
      name: `profile "${profile}" Live model ${liveModel}`,
      tenantId,
    })),
    once(backend, backendModel).then((check) => ({
      ...check,
      name: `profile "${profile}" backend model ${backendModel}`,
      tenantId,
    })),
  ]);
  return Promise.all(checks);
}

/**
 * The key and each model the product uses, asked of OpenAI through the official SDK: a refused key
 * shows as OpenAI's 401 on every model, a model it does not serve as its 404 `model_not_found`. With
 * the database, also the models of every profile that runs on GPT-Live.
 */
export async function checkOpenAi(config: OpenAiSettings, db?: Queryable): Promise<ProviderCheck> {
  if (!config.OPENAI_API_KEY) {
    return notConfigured(
      'openai',
      LABEL,
      'OPENAI_API_KEY is not set: no voice calls, SMS drafts or web search',
    );
  }
  const client = (baseURL: string | undefined) =>
    new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL, timeout: DOCTOR_TIMEOUT_MS, maxRetries: 0 });
  const realtime = client(config.OPENAI_REALTIME_CALLS_BASE_URL ?? config.OPENAI_BASE_URL);
  const text = client(config.OPENAI_TEXT_BASE_URL ?? config.OPENAI_BASE_URL);
  return providerResult(
    'openai',
    LABEL,
    (
      await Promise.all([
        checkModel(realtime, 'OPENAI_REALTIME_MODEL', config.OPENAI_REALTIME_MODEL),
        checkModel(realtime, 'transcription', DEFAULT_TRANSCRIPTION_MODEL),
        checkModel(text, 'OPENAI_TEXT_MODEL', config.OPENAI_TEXT_MODEL),
        db ? checkLiveProfiles(db, realtime, text) : [],
      ])
    ).flat(),
  );
}
