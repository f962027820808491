/**
 * The models the fakes serve, as OpenAI's API did on 2026-11-26 (its deprecations page and the openai
 * SDK 7.57 model types): a name not here, or one shut down (the gpt-4o realtime previews), is refused
 * with OpenAI's `model_not_found` error. `shutdown_date` is what GET /v1/models/{id} reports.
 */
const SERVED_MODELS: Record<string, string | null> = {
  'gpt-realtime-2.1': null,
  'gpt-realtime-2.1-mini': null,
  'gpt-realtime-2': null,
  'gpt-realtime-1.5': null,
  'gpt-realtime': '2027-01-20',
  'gpt-realtime-2025-08-28': '2027-01-20',
  'gpt-realtime-mini': '2027-01-20',
  'gpt-realtime-mini-2025-12-15': '2027-01-20',
  'gpt-live-1': null,
  'gpt-live-1.1': null,
  'gpt-6-luna': null,
  'gpt-6-sol': null,
  'gpt-6.1-sol': null,
  'gpt-6.1-terra': null,
  'gpt-5.6-sol': null,
  'gpt-5.6-terra': null,
  'gpt-5.6-luna': null,
  'gpt-5.5': null,
  'gpt-5.4': null,
  'gpt-5.4-mini': null,
  'gpt-5.2': null,
  'gpt-5.1': '2027-04-01',
  'gpt-5': '2026-12-11',
  'gpt-5-mini': '2026-12-11',
  'gpt-4.1': '2027-01-14',
  'gpt-4.1-mini': '2027-01-14',
  'gpt-4o': '2027-01-14',
  'gpt-4o-mini': '2027-01-14',
  'gpt-transcribe': null,
  'gpt-live-transcribe': null,
  'gpt-realtime-whisper': null,
  'gpt-4o-transcribe': '2027-02-26',
  'gpt-4o-mini-transcribe': '2027-02-26',
  'whisper-1': '2027-02-26',
};

/** Whether the fakes serve `model` (any kind). */
export const servesModel = (model: unknown): model is string =>
  typeof model === 'string' && Object.hasOwn(SERVED_MODELS, model);

/**
 * GPT-Live models answer only on `/v1/live/sessions`: OpenAI refuses them on `/v1/realtime` [3P LiteLLM]
 * and its model page lists Realtime, Responses and Chat Completions as not supported.
 */
export const isLiveModel = (model: unknown) => typeof model === 'string' && model.startsWith('gpt-live-');

/** GET /v1/models/{id}: the Model object, or undefined for a model OpenAI does not serve. */
export function modelObject(model: string) {
  if (!servesModel(model)) return undefined;
  return {
    id: model,
    object: 'model',
    created: 1_756_339_200,
    owned_by: 'system',
    shutdown_date: SERVED_MODELS[model] ?? null,
  };
}

/** The body OpenAI answers (HTTP 404, or as a realtime `error` event) for a model it does not serve. */
export function modelNotFound(model: unknown) {
  return {
    message: `The model \`${String(model)}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  };
}
