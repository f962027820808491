import { callRoute } from '@annie/api-client/call-route';
import { errorMessage, errorText, isApiError } from '@annie/api-client/http';
import { createNote } from '@annie/api-client/knowledge/use-create-note';
import { sendSms } from '@annie/api-client/sms/send-sms';
import { agtProxy } from '@annie/contracts/agt-routes';
import { startPhoneCall } from '@annie/contracts/phone-calls-routes';
import { handlerPerTool, runToolHandler } from '@annie/contracts/tool-handlers';
import { labelToolOutput } from '@annie/contracts/trust';
import {
  AGT_TOOLS,
  DUPLICATE_CALL_ERROR,
  END_CALL_OUTPUT,
  toolFailure as failure,
  parseVoiceToolCall,
  type VoiceToolHandlers,
  type VoiceToolParams,
  workspaceToolOutput,
} from '@annie/contracts/voice-tools';
import { webSearch as webSearchRoute } from '@annie/contracts/voice-tools-routes';
import { WORKSPACE_TOOLS } from '@annie/contracts/workspace-tools';
import { searchKnowledge } from '../../api/search-knowledge.ts';
import { createOutboundCallGuard, type OutboundCallGuard } from './outbound-call-guard.ts';
import { runWorkspaceTool } from './run-workspace-tool.ts';

/** What session_update asks the page to apply (the voice is never part of it). */
export type SessionUpdateConfig = VoiceToolParams['session_update'];
export type EndCallRequest = VoiceToolParams['end_call'];

/** What the page gives the dispatcher for the two tools that act on the call itself. */
export type VoiceToolContext = {
  /** Apply a session configuration, keeping the current voice (see `sessionUpdateEvent`). */
  onSessionUpdate: (config: SessionUpdateConfig) => void | Promise<void>;
  /** End the call once the assistant's goodbye has been spoken. */
  onEndCall: (request: EndCallRequest) => void | Promise<void>;
  /** The duplicate-call guard; by default one shared by every call on the page. */
  outboundCallGuard?: OutboundCallGuard;
};

/** A function call as the model sends it (`response.function_call_arguments.done` / an output item). */
export type VoiceToolRequest = { name: string; arguments: string };

const pageGuard = createOutboundCallGuard();

async function runAgt(name: keyof typeof AGT_TOOLS, params: unknown): Promise<unknown> {
  try {
    return await callRoute(agtProxy, { body: { path: AGT_TOOLS[name].path, method: 'POST', body: params } });
  } catch (error) {
    return failure(errorText(error, 'The chemistry request failed'));
  }
}

async function runWorkspace(name: string, params: unknown): Promise<unknown> {
  try {
    return workspaceToolOutput(await runWorkspaceTool(name, params));
  } catch (error) {
    return failure(`Failed to execute Google tool: ${errorText(error, (error as Error).message)}`);
  }
}

async function startOutboundCall(
  params: VoiceToolParams['make_outbound_call'],
  guard: OutboundCallGuard,
): Promise<unknown> {
  if (!guard.acquire(params.to)) return failure(DUPLICATE_CALL_ERROR, { duplicate: true });
  try {
    const started = await callRoute(startPhoneCall, { body: params });
    guard.releaseAfterStart(params.to);
    return started;
  } catch (error) {
    guard.releaseNow(params.to);
    if (!isApiError(error)) return failure('call_failed');
    // The server knows of a call this page did not start (another tab, a phone call): the same refusal.
    if (error.status === 409 && isDuplicateRefusal(error.body)) {
      return failure(DUPLICATE_CALL_ERROR, { duplicate: true });
    }
    return failure(`HTTP ${error.status}: ${error.body}`);
  }
}

function isDuplicateRefusal(body: string): boolean {
  try {
    return (JSON.parse(body) as { duplicate?: unknown } | null)?.duplicate === true;
  } catch {
    return false;
  }
}

async function sendText(to: string, message: string | undefined, mediaUrl?: string): Promise<unknown> {
  try {
    const sent = await sendSms({ to, body: message ?? '', ...(mediaUrl ? { mediaUrl } : {}) });
    return { success: true, ...sent };
  } catch (error) {
    return failure(errorMessage(error, 'sms_failed'));
  }
}

async function searchKnowledgeBase(params: VoiceToolParams['search_knowledge_base']): Promise<unknown> {
  try {
    const { query, sources, max_results } = params;
    return { results: await searchKnowledge({ q: query, sources, limit: max_results }) };
  } catch (error) {
    return failure(errorText(error, 'The knowledge search failed'));
  }
}

async function addKnowledgeNote(params: VoiceToolParams['add_knowledge_note']): Promise<unknown> {
  try {
    const note = await createNote(params);
    return { success: true, id: note.id, title: note.title };
  } catch (error) {
    return failure(errorText(error, 'Failed to create note'));
  }
}

async function webSearch(params: VoiceToolParams['web_search']): Promise<unknown> {
  try {
    return await callRoute(webSearchRoute, { body: params });
  } catch (error) {
    return failure(errorText(error, 'The web search failed'));
  }
}

/** The browser's handler for every tool of the registry (a tool without one does not compile). */
export const browserToolHandlers = {
  ...handlerPerTool(AGT_TOOLS, (name, params, _context: VoiceToolContext) => runAgt(name, params)),
  ...handlerPerTool(WORKSPACE_TOOLS, (name, params, _context: VoiceToolContext) =>
    runWorkspace(name, params),
  ),
  make_outbound_call: (params, context) => startOutboundCall(params, context.outboundCallGuard ?? pageGuard),
  send_sms: (params) => sendText(params.to, params.message),
  send_mms: (params) => sendText(params.to, params.message, params.media_url),
  search_knowledge_base: searchKnowledgeBase,
  add_knowledge_note: addKnowledgeNote,
  web_search: webSearch,
  session_update: async (params, context) => {
    await context.onSessionUpdate(params);
    return { success: true };
  },
  end_call: async (params, context) => {
    await context.onEndCall(params);
    return { success: true, message: END_CALL_OUTPUT };
  },
} satisfies VoiceToolHandlers<VoiceToolContext>;

async function dispatch(request: VoiceToolRequest, context: VoiceToolContext): Promise<unknown> {
  const parsed = parseVoiceToolCall(request.name, request.arguments);
  if (!parsed.ok) return failure(parsed.error);
  return runToolHandler(browserToolHandlers, parsed.call.name, parsed.call.params, context);
}

/**
 * Runs one tool the realtime model asked for and answers the text for its `function_call_output`;
 * data read from outside (mail, files, the web, the knowledge base) is labelled third-party content,
 * so an instruction written inside it reaches the model as data. Never throws: every failure
 * (unparseable or invalid arguments, an unknown tool, a failed request) goes back to the model as
 * `{error, …}`, with a text that says what went wrong.
 */
export async function runVoiceTool(request: VoiceToolRequest, context: VoiceToolContext): Promise<string> {
  let output: unknown;
  try {
    output = labelToolOutput(request.name, await dispatch(request, context));
  } catch (error) {
    // A thrown error's message may carry what the provider answered: labelled like any output.
    output = labelToolOutput(request.name, failure((error as Error).message || 'The tool failed'));
  }
  return JSON.stringify(output ?? null);
}

/** The data-channel message that hands a tool's output back (the next response is asked for apart). */
export function functionCallOutputEvent(callId: string, output: string) {
  return {
    type: 'conversation.item.create',
    item: { type: 'function_call_output', call_id: callId, output },
  } as const;
}

/**
 * A response may ask for several tools, and OpenAI runs one response at a time (a second
 * response.create is refused with conversation_already_has_active_response): the next response is
 * asked for once, after the response is done and every one of its calls has been answered.
 */
export class ToolResponses {
  readonly #running = new Map<string, Promise<unknown>[]>();
  readonly #askNext: () => void;

  constructor(askNext: () => void) {
    this.#askNext = askNext;
  }

  /** A call of `responseId` is being answered; `answered` settles once its output was sent. */
  add(responseId: string, answered: Promise<unknown>): void {
    const running = this.#running.get(responseId) ?? [];
    running.push(answered.catch(() => undefined));
    this.#running.set(responseId, running);
  }

  /** The response is done: once its calls are answered, one response.create. */
  done(responseId: string): Promise<void> {
    const running = this.#running.get(responseId);
    if (!running) return Promise.resolve();
    this.#running.delete(responseId);
    return Promise.all(running).then(() => this.#askNext());
  }
}

/** The current server VAD settings, as the page sent them. */
export type CurrentTurnDetection = {
  type: 'server_vad';
  threshold: number;
  silence_duration_ms: number;
  prefix_padding_ms: number;
  [key: string]: unknown;
};

/**
 * The GA `session.update` for a session_update tool call. It carries no voice, so the current voice
 * stays (the API refuses a voice change once audio was produced); a turn-detection change is merged
 * over the current settings.
 */
export function sessionUpdateEvent(
  config: SessionUpdateConfig,
  current: { turnDetection: CurrentTurnDetection },
) {
  const session: {
    type: 'realtime';
    instructions?: string;
    audio?: {
      input?: { turn_detection: CurrentTurnDetection };
      output?: { speed: number };
    };
  } = { type: 'realtime' };
  if (config.instructions !== undefined) session.instructions = config.instructions;
  if (config.turn_detection !== undefined || config.speed !== undefined) {
    session.audio = {
      ...(config.turn_detection
        ? { input: { turn_detection: { ...current.turnDetection, ...config.turn_detection } } }
        : {}),
      ...(config.speed !== undefined ? { output: { speed: config.speed } } : {}),
    };
  }
  return { type: 'session.update', session } as const;
}
