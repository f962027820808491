import type { ProviderCheck } from '@annie/api-client/contracts/doctor';
import {
  DEFAULT_TRANSCRIPTION_MODEL,
  describeModelStatus,
  modelStatus,
} from '@annie/api-client/contracts/openai-models';
import OpenAI from 'openai';
import type { AppConfig } from '../../config/env.ts';
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
 * The key and each model the product uses, asked of OpenAI through the official SDK: a refused key
 * shows as OpenAI's 401 on every model, a model it does not serve as its 404 `model_not_found`.
 */
export async function checkOpenAi(config: OpenAiSettings): Promise<ProviderCheck> {
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
    await Promise.all([
      checkModel(realtime, 'OPENAI_REALTIME_MODEL', config.OPENAI_REALTIME_MODEL),
      checkModel(realtime, 'transcription', DEFAULT_TRANSCRIPTION_MODEL),
      checkModel(text, 'OPENAI_TEXT_MODEL', config.OPENAI_TEXT_MODEL),
    ]),
  );
}
