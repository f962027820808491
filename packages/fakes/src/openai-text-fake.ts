import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { modelNotFound, modelObject, servesModel } from './openai-models.ts';
import { answerSpeech } from './openai-speech-fake.ts';

/** One request the fake received: which endpoint and its JSON body. */
export type TextRequest = {
  endpoint: 'responses' | 'chat.completions' | 'audio.speech';
  body: Record<string, unknown>;
};

const ENDPOINTS: Record<string, TextRequest['endpoint']> = {
  '/v1/responses': 'responses',
  '/v1/chat/completions': 'chat.completions',
  '/v1/audio/speech': 'audio.speech',
};

/** An OpenAI error the next requests answer with, e.g. {status: 429, type: 'rate_limit_exceeded'}. */
export type OpenAiFakeFailure = {
  status: number;
  message: string;
  type?: string;
  code?: string;
  times?: number;
};

export type OpenAiTextFake = {
  /** Base URL for `new OpenAI({baseURL})`, ending in /v1. */
  url: string;
  apiKey: string;
  requests: TextRequest[];
  /** Replaces the deterministic answer; given the request's full prompt text. */
  setReply: (reply: (prompt: string) => string) => void;
  failNext: (failure: OpenAiFakeFailure) => void;
  close: () => Promise<void>;
};

/**
 * The default, deterministic answer: names the last line of the prompt that is not a label's tag, so tests
 * (and the sandbox) see what was asked rather than the label around it.
 */
export function defaultReply(prompt: string): string {
  const lines = prompt.trim().split('\n');
  const lastLine = lines.findLast((line) => !/^<\/?[a-z_]+[^<>]*>$/i.test(line.trim())) ?? '';
  return `Thanks for your message. (re: ${lastLine.slice(0, 80)})`;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'x-request-id': `req_${randomBytes(8).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

/** Every piece of text in a Responses `instructions`/`input` or a chat `messages` list, in order. */
function promptText(body: Record<string, unknown>): string {
  const parts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') {
      const item = value as Record<string, unknown>;
      collect(item.content ?? item.text);
    }
  };
  collect(body.instructions);
  collect(body.input);
  collect(body.messages);
  return parts.join('\n');
}

/** Text tokens of a string: about four characters a token (deterministic, so tests can check sums). */
export const textTokensOf = (text: string) => Math.ceil(text.length / 4);

/** The Responses API's `usage`: cached tokens are part of the input, reasoning tokens part of the output. */
export function responsesUsage(prompt: string, text: string) {
  const input = textTokensOf(prompt);
  const output = textTokensOf(text);
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + output,
  };
}

function responsesAnswer(model: string, text: string, prompt = '') {
  return {
    id: `resp_${randomBytes(12).toString('hex')}`,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model,
    output: [
      {
        type: 'message',
        id: `msg_${randomBytes(12).toString('hex')}`,
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text, annotations: [] }],
      },
    ],
    usage: responsesUsage(prompt, text),
  };
}

/** Whether a Responses request offers the built-in web search tool. */
function asksWebSearch(body: Record<string, unknown>): boolean {
  return (
    Array.isArray(body.tools) &&
    body.tools.some((tool) => (tool as { type?: unknown })?.type?.toString().startsWith('web_search'))
  );
}

/** The page the fake "finds" for a query: deterministic, so tests can assert on it. */
export function fakeWebSource(query: string): { title: string; url: string } {
  return {
    title: `Search results for ${query}`,
    url: `https://search.example/?q=${encodeURIComponent(query)}`,
  };
}

/** A web-searched answer as OpenAI gives it: a web_search_call item, then the text citing one page. */
function webSearchAnswer(model: string, query: string, text: string) {
  const answer = responsesAnswer(model, text, query);
  const source = fakeWebSource(query);
  const [message] = answer.output;
  return {
    ...answer,
    output: [
      {
        type: 'web_search_call',
        id: `ws_${randomBytes(12).toString('hex')}`,
        status: 'completed',
        action: { type: 'search', query, queries: [query] },
      },
      {
        ...message,
        content: [
          {
            type: 'output_text',
            text,
            annotations: [
              { type: 'url_citation', start_index: 0, end_index: text.length, ...source },
              // The same page cited twice, as OpenAI does for several sentences from one page.
              { type: 'url_citation', start_index: 0, end_index: text.length, ...source },
            ],
          },
        ],
      },
    ],
  };
}

function chatAnswer(model: string, text: string, prompt: string) {
  const input = textTokensOf(prompt);
  const output = textTokensOf(text);
  return {
    id: `chatcmpl-${randomBytes(12).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: {
      prompt_tokens: input,
      completion_tokens: output,
      total_tokens: input + output,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  };
}

/**
 * A loopback OpenAI for text and speech: `POST /v1/responses` and `/v1/chat/completions` (not streamed),
 * and `POST /v1/audio/speech` (openai-speech-fake.ts: real audio bytes of the asked format), with
 * Bearer auth, deterministic answers, and OpenAI's error bodies on demand; a model OpenAI does not serve
 * is a 404 `model_not_found`, and `GET /v1/models/{id}` retrieves a model (the doctor's check). A Responses request offering
 * the `web_search` tool is answered as searched: the text cites `fakeWebSource(input)`.
 */
export async function startOpenAiTextFake(
  options: { apiKey?: string; port?: number } = {},
): Promise<OpenAiTextFake> {
  const apiKey = options.apiKey ?? 'sk-fake-openai-key';
  const requests: TextRequest[] = [];
  let reply = defaultReply;
  let failure: OpenAiFakeFailure | undefined;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://openai.invalid').pathname;
      const endpoint = Object.hasOwn(ENDPOINTS, path) ? ENDPOINTS[path] : undefined;
      const modelPath = path.match(/^\/v1\/models\/([^/]+)$/);
      const known = (req.method === 'POST' && endpoint) || (req.method === 'GET' && modelPath);
      if (!known) {
        return send(res, 404, {
          error: { message: `Unknown path ${path}`, type: 'invalid_request_error', param: null, code: null },
        });
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(res, 401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        });
      }
      if (modelPath?.[1]) {
        const id = decodeURIComponent(modelPath[1]);
        const model = modelObject(id);
        return model ? send(res, 200, model) : send(res, 404, { error: modelNotFound(id) });
      }
      if (!endpoint) return;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return send(res, 400, {
          error: { message: 'Invalid JSON body', type: 'invalid_request_error', param: null, code: null },
        });
      }
      requests.push({ endpoint, body });
      if (failure) {
        const current = failure;
        if (current.times !== undefined && --current.times <= 0) failure = undefined;
        return send(res, current.status, {
          error: {
            message: current.message,
            type: current.type ?? 'server_error',
            param: null,
            code: current.code ?? null,
          },
        });
      }
      if (endpoint === 'audio.speech')
        return answerSpeech(res, body, `req_${randomBytes(8).toString('hex')}`);
      if (!servesModel(body.model)) return send(res, 404, { error: modelNotFound(body.model) });
      const model = body.model;
      const prompt = promptText(body);
      const text = reply(prompt);
      if (endpoint === 'responses' && asksWebSearch(body)) {
        const query = typeof body.input === 'string' ? body.input : '';
        return send(res, 200, webSearchAnswer(model, query, text));
      }
      send(
        res,
        200,
        endpoint === 'responses' ? responsesAnswer(model, text, prompt) : chatAnswer(model, text, prompt),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    setReply: (next) => {
      reply = next;
    },
    failNext: (next) => {
      failure = { ...next };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
