/**
 * What the Live API accepts in `session.start` and `session.update`, from the openai SDK's own types
 * (`resources/live/live.ts`: SessionConfig, SessionUpdateConfig, ResponsesDelegationConfig, FunctionTool,
 * AudioFormat, InitialItem). The session configuration is strict: a field the types do not name is
 * refused as `unknown_parameter`, the way the SDK's Error doc comment gives as its example code.
 */

/** A refused client event: the `error` event's code, message and offending parameter. */
export type LiveRefusal = { code: string; message: string; param?: string };

export type LiveAudioFormat = { type: 'audio/pcm' | 'audio/pcmu' | 'audio/pcma'; rate: number };

type Json = Record<string, unknown>;

const SESSION_START_KEYS = [
  'model',
  'audio',
  'client',
  'delegation',
  'input',
  'instructions',
  'store',
  'triggers',
];
// SessionUpdateConfig: the model, instructions, voice, audio format and startup history are fixed.
const SESSION_UPDATE_KEYS = ['delegation', 'triggers'];
const RESPONSES_KEYS = [
  'model',
  'instructions',
  'max_output_tokens',
  'parallel_tool_calls',
  'reasoning',
  'service_tier',
  'text',
  'tool_choice',
  'tools',
];
const FUNCTION_TOOL_KEYS = ['type', 'name', 'description', 'parameters', 'strict'];
const HOSTED_TOOL_TYPES = [
  'web_search',
  'file_search',
  'code_interpreter',
  'shell',
  'image_generation',
  'mcp',
  'custom',
  'namespace',
  'tool_search',
  'programmatic_tool_calling',
  'computer',
  'apply_patch',
];
/** `instructions`: 16,384 client tokens; each append: 500; startup history: 128 messages, 8,192 tokens. */
export const LIVE_LIMITS = {
  instructionsTokens: 16_384,
  appendTokens: 500,
  inputItems: 128,
  inputTokens: 8_192,
};

/** About four characters a token, as the other fakes count. */
export const approxTokens = (text: string) => Math.ceil(text.length / 4);

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function unknownKey(value: Json, allowed: string[], path: string): LiveRefusal | null {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  return extra === undefined
    ? null
    : {
        code: 'unknown_parameter',
        message: `Unknown parameter: '${path}.${extra}'.`,
        param: `${path}.${extra}`,
      };
}

const invalid = (param: string, message: string): LiveRefusal => ({ code: 'invalid_value', message, param });

/** AudioFormat: PCM at 16 or 24 kHz, or G.711 (μ-law, A-law) at 8 kHz. */
function checkFormat(format: unknown): LiveRefusal | null {
  const param = 'session.audio.format';
  if (!isObject(format)) return invalid(param, 'audio.format must be an object with type and rate.');
  const extra = unknownKey(format, ['type', 'rate'], param);
  if (extra) return extra;
  if (format.type === 'audio/pcm') {
    return format.rate === 16_000 || format.rate === 24_000
      ? null
      : invalid(`${param}.rate`, 'Live WebSocket PCM audio supports 16000 or 24000 Hz.');
  }
  if (format.type === 'audio/pcmu' || format.type === 'audio/pcma') {
    return format.rate === 8_000 ? null : invalid(`${param}.rate`, 'G.711 audio uses 8000 Hz.');
  }
  return invalid(`${param}.type`, `Unsupported audio format: ${String(format.type)}.`);
}

function checkAudio(audio: unknown): LiveRefusal | null {
  if (!isObject(audio)) return invalid('session.audio', 'audio must be an object.');
  const extra = unknownKey(audio, ['format', 'output'], 'session.audio');
  if (extra) return extra;
  if (audio.format !== undefined) {
    const refused = checkFormat(audio.format);
    if (refused) return refused;
  }
  if (audio.output === undefined) return null;
  if (!isObject(audio.output)) return invalid('session.audio.output', 'audio.output must be an object.');
  const outputExtra = unknownKey(audio.output, ['voice'], 'session.audio.output');
  if (outputExtra) return outputExtra;
  const voice = audio.output.voice;
  const custom = isObject(voice) && typeof voice.id === 'string' && Object.keys(voice).length === 1;
  return voice === undefined || typeof voice === 'string' || custom
    ? null
    : invalid('session.audio.output.voice', 'voice must be a voice name or { id }.');
}

function checkTools(tools: unknown, path: string): LiveRefusal | null {
  if (!Array.isArray(tools)) return invalid(path, 'tools must be an array.');
  for (const [index, tool] of tools.entries()) {
    const at = `${path}[${index}]`;
    if (!isObject(tool)) return invalid(at, 'A tool must be an object.');
    if (tool.type === 'function') {
      const extra = unknownKey(tool, FUNCTION_TOOL_KEYS, at);
      if (extra) return extra;
      if (typeof tool.name !== 'string' || !tool.name)
        return invalid(`${at}.name`, 'A function tool needs a name.');
    } else if (!HOSTED_TOOL_TYPES.includes(String(tool.type))) {
      return invalid(`${at}.type`, `Unsupported tool type: ${String(tool.type)}.`);
    }
  }
  return null;
}

/** ResponsesDelegationConfig (start: `model` required) or ResponsesDelegationUpdateConfig (update). */
function checkResponses(responses: unknown, path: string, update: boolean): LiveRefusal | null {
  if (!isObject(responses)) return invalid(path, 'responses must be an object.');
  const extra = unknownKey(responses, RESPONSES_KEYS, path);
  if (extra) return extra;
  if (!update && (typeof responses.model !== 'string' || !responses.model))
    return {
      code: 'missing_required_parameter',
      message: `Missing required parameter: '${path}.model'.`,
      param: `${path}.model`,
    };
  return responses.tools === undefined ? null : checkTools(responses.tools, `${path}.tools`);
}

/** ClientDelegation, Responses or Decisions delegation; null means client. */
export function checkDelegation(delegation: unknown, update: boolean): LiveRefusal | null {
  const path = 'session.delegation';
  if (delegation === null) return null;
  if (!isObject(delegation)) return invalid(path, 'delegation must be an object or null.');
  const delay = delegation.acknowledgement_delay_ms;
  if (delay !== undefined && (typeof delay !== 'number' || !Number.isInteger(delay) || delay < 0))
    return invalid(
      `${path}.acknowledgement_delay_ms`,
      'acknowledgement_delay_ms must be a non-negative integer.',
    );
  if (delegation.type === 'client') return unknownKey(delegation, ['type', 'acknowledgement_delay_ms'], path);
  if (delegation.type === 'responses') {
    const extra = unknownKey(delegation, ['type', 'acknowledgement_delay_ms', 'responses'], path);
    if (extra) return extra;
    if (update && delegation.responses === undefined) return null;
    return checkResponses(delegation.responses, `${path}.responses`, update);
  }
  if (delegation.type === 'decisions') {
    const extra = unknownKey(delegation, ['type', 'acknowledgement_delay_ms', 'decisions'], path);
    if (extra) return extra;
    return update || isObject(delegation.decisions)
      ? null
      : invalid(`${path}.decisions`, 'decisions is required.');
  }
  return invalid(`${path}.type`, `Unsupported delegation type: ${String(delegation.type)}.`);
}

/** InitialItem[]: developer, user and assistant messages with exactly one text part each. */
function checkInput(input: unknown): LiveRefusal | null {
  if (!Array.isArray(input)) return invalid('session.input', 'input must be an array.');
  if (input.length > LIVE_LIMITS.inputItems)
    return invalid('session.input', `input holds at most ${LIVE_LIMITS.inputItems} messages.`);
  let tokens = 0;
  for (const [index, item] of input.entries()) {
    const at = `session.input[${index}]`;
    if (!isObject(item)) return invalid(at, 'An input item must be an object.');
    const extra = unknownKey(item, ['role', 'content', 'id', 'status', 'type'], at);
    if (extra) return extra;
    if (!['developer', 'user', 'assistant'].includes(String(item.role)))
      return invalid(`${at}.role`, 'role must be developer, user or assistant.');
    const parts = item.content;
    if (
      !Array.isArray(parts) ||
      parts.length !== 1 ||
      !isObject(parts[0]) ||
      typeof parts[0].text !== 'string'
    )
      return invalid(`${at}.content`, 'Supply exactly one text part.');
    tokens += approxTokens(parts[0].text);
  }
  return tokens > LIVE_LIMITS.inputTokens
    ? invalid('session.input', `input is limited to ${LIVE_LIMITS.inputTokens} rendered tokens.`)
    : null;
}

/** The refusal for a `session.start` body, or null when the types accept it. */
export function checkSessionStart(session: unknown, webSocket: boolean): LiveRefusal | null {
  if (!isObject(session)) return invalid('session', 'session is required.');
  const extra = unknownKey(session, SESSION_START_KEYS, 'session');
  if (extra) return extra;
  if (typeof session.model !== 'string' || !session.model)
    return {
      code: 'missing_required_parameter',
      message: "Missing required parameter: 'session.model'.",
      param: 'session.model',
    };
  if (session.audio !== undefined) {
    const refused = checkAudio(session.audio);
    if (refused) return refused;
    // WebRTC and SIP negotiate their media format.
    if (!webSocket && isObject(session.audio) && session.audio.format !== undefined)
      return invalid('session.audio.format', 'audio.format is only supported on WebSocket sessions.');
  }
  if (
    typeof session.instructions === 'string' &&
    approxTokens(session.instructions) > LIVE_LIMITS.instructionsTokens
  )
    return invalid(
      'session.instructions',
      `instructions are limited to ${LIVE_LIMITS.instructionsTokens} tokens.`,
    );
  if (session.delegation !== undefined) {
    const refused = checkDelegation(session.delegation, false);
    if (refused) return refused;
  }
  if (session.input !== undefined) return checkInput(session.input);
  return null;
}

/** The refusal for a `session.update` body, given the delegation type the session started with. */
export function checkSessionUpdate(session: unknown, delegationType: string): LiveRefusal | null {
  if (!isObject(session)) return invalid('session', 'session is required.');
  const extra = unknownKey(session, SESSION_UPDATE_KEYS, 'session');
  if (extra) return extra;
  if (session.delegation === undefined) return null;
  const refused = checkDelegation(session.delegation, true);
  if (refused) return refused;
  const type = isObject(session.delegation) ? session.delegation.type : 'client';
  return type === delegationType
    ? null
    : invalid('session.delegation.type', `The delegation type is fixed at startup (${delegationType}).`);
}

/** Bytes of one 20 ms frame, and the byte a silent sample is, in `format`. */
export function frameOf(format: LiveAudioFormat): { bytes: number; silence: number; sampleBytes: number } {
  if (format.type === 'audio/pcm') return { bytes: (format.rate / 50) * 2, silence: 0, sampleBytes: 2 };
  return { bytes: format.rate / 50, silence: format.type === 'audio/pcmu' ? 0xff : 0xd5, sampleBytes: 1 };
}

/**
 * The SessionResource `session.started` answers with: the start's fields with the server's defaults
 * resolved (voice marin, client delegation, empty history, not stored). The expiry is not documented;
 * an hour is [INF].
 */
export function resolvedSession(session: Json, id: string): Json {
  const audio = (session.audio ?? {}) as { output?: Json };
  return {
    ...session,
    id,
    expires_at: Math.floor(Date.now() / 1000) + 3_600,
    model: String(session.model),
    status: 'active',
    audio: { ...audio, output: { voice: 'marin', ...audio.output } },
    delegation: session.delegation ?? { type: 'client' },
    input: session.input ?? [],
    store: session.store ?? false,
  };
}

export const LIVE_MODELS = ['gpt-live-1', 'gpt-live-1.1'];

/** `checkSessionStart`, then the model: one the fake serves (gpt-live-1, gpt-live-1.1). */
export function startRefusal(session: unknown, webSocket: boolean): LiveRefusal | null {
  const refusal = checkSessionStart(session, webSocket);
  if (refusal) return refusal;
  const model = String((session as Json).model);
  if (LIVE_MODELS.includes(model)) return null;
  return {
    code: 'model_not_found',
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    param: 'session.model',
  };
}
