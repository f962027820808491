import { z } from 'zod';
import type { AgtPostPath } from './agt.ts';
import {
  createNoteRequestSchema,
  KNOWLEDGE_SEARCH_DEFAULT_LIMIT,
  KNOWLEDGE_SEARCH_MAX_LIMIT,
  knowledgeSourceSchema,
} from './knowledge.ts';
import { complianceCheckPayloadSchema, formulatePayloadSchema, greenScorePayloadSchema } from './lab.ts';
import { SMS_BODY_MAX } from './sms.ts';
import type { ToolDefinition, ToolHandlers, ToolParamsOf } from './tool-handlers.ts';
import { toolText } from './tool-params.ts';
import type { VoiceToolResult } from './workspace.ts';
import { type RealtimeFunctionTool, WORKSPACE_TOOL_NAMES, WORKSPACE_TOOLS } from './workspace-tools.ts';

/**
 * THE registry of every tool the realtime model is offered: the chemistry tools, the workspace
 * tools and the others. Each entry's zod schema is the one source for the JSON Schema the model
 * receives (`voiceRealtimeTools`), for the browser's dispatcher and for the server's phone-call runner,
 * which both validate the model's arguments with `parseVoiceToolCall`.
 */

export type { RealtimeFunctionTool } from './workspace-tools.ts';

/**
 * A phone number as the model says it: at least three digits, an optional leading +, and spaces and
 * ( ) - . between them. The endpoints turn it into E.164 (and refuse what is not a number there).
 */
const PHONE_CHARACTERS = /^\+?[\d ().-]+$/;
const phoneNumber = (field: string) =>
  toolText(field, 40)
    // A refinement, not a JSON Schema `pattern`: the model is told the format in words.
    .refine((value) => PHONE_CHARACTERS.test(value) && value.replace(/\D/g, '').length >= 3, {
      error: `${field} must be a phone number, e.g. +15551234567`,
    })
    .describe('Phone number in E.164, e.g. +15551234567');

// ---------------------------------------------------------------------------------------------------
// Chemistry (agt_ → POST /api/agt/proxy with the mapped path)

/** A green score's target is 80 unless the user names one. */
export const GREEN_SCORE_DEFAULT_TARGET = 80;

export const agtGenerateFormulationParams = formulatePayloadSchema.extend({
  compounds: formulatePayloadSchema.shape.compounds.describe('Compound (ingredient) names to combine'),
  target: formulatePayloadSchema.shape.target.describe(
    'What the formulation is for, e.g. "gentle facial cleanser, pH 5.5"',
  ),
});

export const agtCopilotChatParams = z
  .object({
    message: toolText('message', 4000).describe('The question or instruction for the chemistry co-pilot'),
    conversation_id: toolText('conversation_id', 200)
      .optional()
      .describe('The conversation_id of an earlier co-pilot answer, to continue that conversation'),
  })
  .strict();

export const agtCheckComplianceParams = complianceCheckPayloadSchema.extend({
  regulation: complianceCheckPayloadSchema.shape.regulation.describe(
    'The regulation to check against, e.g. EU 1223/2009, FDA, Prop 65',
  ),
  compounds: complianceCheckPayloadSchema.shape.compounds.describe('Compound names to check'),
});

export const agtCalculateGreenScoreParams = greenScorePayloadSchema.extend({
  formula: greenScorePayloadSchema.shape.formula.describe('The formula, as ingredient names and percentages'),
  target_score: greenScorePayloadSchema.shape.target_score
    .default(GREEN_SCORE_DEFAULT_TARGET)
    .describe(`The score (0–100) the formula should reach (default ${GREEN_SCORE_DEFAULT_TARGET})`),
});

/** The chemistry tools and the provider path each is sent to (always POST). */
export const AGT_TOOLS = {
  agt_generate_formulation: {
    description: 'Generate a chemical formulation (ingredient percentages, pH, stability) from compounds.',
    parameters: agtGenerateFormulationParams,
    kind: 'reads-outside-data',
    path: '/formulation/generate',
  },
  agt_copilot_chat: {
    description: 'Ask the chemistry co-pilot a formulation or ingredient question.',
    parameters: agtCopilotChatParams,
    kind: 'reads-outside-data',
    path: '/copilot/chat',
  },
  agt_check_compliance: {
    description: 'Check compounds against a regulation; answers which are compliant or restricted.',
    parameters: agtCheckComplianceParams,
    kind: 'reads-outside-data',
    path: '/compliance/check',
  },
  agt_calculate_green_score: {
    description: 'Calculate the green (sustainability) score of a formula and whether it meets a target.',
    parameters: agtCalculateGreenScoreParams,
    kind: 'reads-outside-data',
    path: '/green-score/calculate',
  },
} as const satisfies Record<`agt_${string}`, ToolDefinition & { path: AgtPostPath }>;

export type AgtToolName = keyof typeof AGT_TOOLS;
export const AGT_TOOL_NAMES = Object.keys(AGT_TOOLS) as AgtToolName[];

export function isAgtToolName(name: string): name is AgtToolName {
  return Object.hasOwn(AGT_TOOLS, name);
}

// ---------------------------------------------------------------------------------------------------
// Calls, texts, knowledge, web, session

export const makeOutboundCallParams = z
  .object({
    to: phoneNumber('to'),
    message: toolText('message', 2000).describe('What the assistant should say or accomplish on the call'),
  })
  .strict();

export const sendSmsParams = z
  .object({
    to: phoneNumber('to'),
    message: toolText('message', SMS_BODY_MAX).describe('The text message'),
  })
  .strict();

export const sendMmsParams = z
  .object({
    to: phoneNumber('to'),
    media_url: z
      .url({ protocol: /^https$/, error: 'media_url must be an https URL' })
      .max(2000, 'media_url must be at most 2000 characters')
      .describe('https address of the picture to send'),
    message: toolText('message', SMS_BODY_MAX).optional().describe('Text to send with the picture'),
  })
  .strict();

export const searchKnowledgeBaseParams = z
  .object({
    query: toolText('query', 500).describe('Words to find in the knowledge base facts and notes'),
    sources: z
      .array(knowledgeSourceSchema, { error: 'sources must be a list' })
      .max(3, 'sources may name at most 3 sources')
      .optional()
      .describe('Only search these sources (default all)'),
    max_results: z
      .number({ error: 'max_results must be a number' })
      .int('max_results must be a whole number')
      .min(1, `max_results must be between 1 and ${KNOWLEDGE_SEARCH_MAX_LIMIT}`)
      .max(KNOWLEDGE_SEARCH_MAX_LIMIT, `max_results must be between 1 and ${KNOWLEDGE_SEARCH_MAX_LIMIT}`)
      .default(KNOWLEDGE_SEARCH_DEFAULT_LIMIT)
      .describe(`How many results to return (default ${KNOWLEDGE_SEARCH_DEFAULT_LIMIT})`),
  })
  .strict();

const note = createNoteRequestSchema.shape;
// An allow-list: a field added to the note request reaches the model only when it is named here. Not
// `shareable`: whether a note may reach an unreviewed reply is the executive's call in the app, never
// the model's (whose words may come from injected third-party content). The schema is strict, so a call
// that names a field not listed is refused.
export const addKnowledgeNoteParams = createNoteRequestSchema
  .pick({ title: true, body: true, tags: true, source: true })
  .extend({
    title: note.title.describe('A short title'),
    body: note.body.describe('What to remember, in full sentences'),
    tags: note.tags.describe('Optional keywords'),
    source: note.source.describe('Which business the note belongs to, if known'),
  });

export const WEB_SEARCH_QUERY_MAX = 500;
export const webSearchParams = z
  .object({
    query: toolText('query', WEB_SEARCH_QUERY_MAX)
      // A spoken query has no control characters (NUL, ESC…); tabs and line breaks are let through.
      .refine((query) => !/\p{Cc}/u.test(query.replace(/[\t\n\r]/g, ' ')), {
        error: 'query must not contain control characters',
      })
      .describe('What to search the web for'),
  })
  .strict();

/** Body of POST /api/voice/web-search (the web_search tool's server side). */
export const webSearchRequestSchema = webSearchParams;

/** Answer of POST /api/voice/web-search: a short answer to read aloud and the pages it came from. */
export const webSearchResponseSchema = z.strictObject({
  answer: z.string(),
  sources: z.array(z.strictObject({ title: z.string(), url: z.string() })),
});

export type WebSearchRequest = z.input<typeof webSearchRequestSchema>;
export type WebSearchResponse = z.infer<typeof webSearchResponseSchema>;

export const sessionUpdateParams = z
  .object({
    instructions: toolText('instructions', 20_000)
      .optional()
      .describe('New instructions for the assistant; they replace the current ones'),
    speed: z
      .number({ error: 'speed must be a number' })
      .min(0.25, 'speed must be between 0.25 and 1.5')
      .max(1.5, 'speed must be between 0.25 and 1.5')
      .optional()
      .describe('Speaking speed, 1 is normal'),
    turn_detection: z
      .object({
        threshold: z
          .number({ error: 'threshold must be a number' })
          .min(0, 'threshold must be between 0 and 1')
          .max(1, 'threshold must be between 0 and 1')
          .optional(),
        silence_duration_ms: z
          .number({ error: 'silence_duration_ms must be a number' })
          .int('silence_duration_ms must be a whole number')
          .min(100, 'silence_duration_ms must be between 100 and 5000')
          .max(5000, 'silence_duration_ms must be between 100 and 5000')
          .optional(),
        prefix_padding_ms: z
          .number({ error: 'prefix_padding_ms must be a number' })
          .int('prefix_padding_ms must be a whole number')
          .min(0, 'prefix_padding_ms must be between 0 and 2000')
          .max(2000, 'prefix_padding_ms must be between 0 and 2000')
          .optional(),
      })
      .strict()
      .optional()
      .describe('Server speech detection settings to change'),
  })
  // Not strict: a `voice` (or anything else) the model adds is dropped, so the current voice stays.
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: 'Give instructions, speed or turn_detection to change',
  });

export const endCallParams = z
  .object({ reason: toolText('reason', 300).optional().describe('Why the call ends, for the record') })
  .strict();

/** The tools that are neither chemistry nor workspace. */
export const OTHER_TOOLS = {
  make_outbound_call: {
    description:
      'Place a phone call to a number; the assistant calls and delivers the message. Only one call to the same number at a time.',
    parameters: makeOutboundCallParams,
    kind: 'action',
  },
  send_sms: {
    description: 'Send a text message (SMS) to a phone number.',
    parameters: sendSmsParams,
    kind: 'action',
  },
  send_mms: {
    description: 'Send a picture message (MMS) with an https picture address and optional text.',
    parameters: sendMmsParams,
    kind: 'action',
  },
  search_knowledge_base: {
    description:
      'Search the executive’s knowledge base (facts and notes) before answering questions about the businesses, people or preferences.',
    parameters: searchKnowledgeBaseParams,
    kind: 'reads-outside-data',
  },
  add_knowledge_note: {
    description: 'Save a note to the knowledge base so it can be found later.',
    parameters: addKnowledgeNoteParams,
    kind: 'action',
  },
  web_search: {
    description: 'Search the web for current information; answers a short summary with sources.',
    parameters: webSearchParams,
    kind: 'reads-outside-data',
  },
  session_update: {
    description:
      'Change this session’s instructions, speaking speed or speech detection. The voice stays the same.',
    parameters: sessionUpdateParams,
    kind: 'action',
  },
  end_call: {
    description: 'End the call. Say goodbye first; the call ends after the goodbye.',
    parameters: endCallParams,
    kind: 'action',
  },
} as const satisfies Record<string, ToolDefinition>;

// ---------------------------------------------------------------------------------------------------
// The registry

export const VOICE_TOOLS = { ...AGT_TOOLS, ...WORKSPACE_TOOLS, ...OTHER_TOOLS } as const;

export type VoiceToolName = keyof typeof VOICE_TOOLS;
export const VOICE_TOOL_NAMES = [
  ...AGT_TOOL_NAMES,
  ...WORKSPACE_TOOL_NAMES,
  ...(Object.keys(OTHER_TOOLS) as (keyof typeof OTHER_TOOLS)[]),
] as VoiceToolName[];

/** The parameters each tool runs with, after validation (defaults applied). */
export type VoiceToolParams = ToolParamsOf<typeof VOICE_TOOLS>;

/** A runtime's handler map for the whole registry: a tool without a handler does not compile. */
export type VoiceToolHandlers<Context = void> = ToolHandlers<typeof VOICE_TOOLS, Context>;

export function isVoiceToolName(name: string): name is VoiceToolName {
  return Object.hasOwn(VOICE_TOOLS, name);
}

/** Whether `name` is a registry tool of kind `action` (an unknown name is not). */
export function isActionTool(name: string): boolean {
  return isVoiceToolName(name) && VOICE_TOOLS[name].kind === 'action';
}

/** The zod schema of a tool's parameters, or undefined for a name that is not in the registry. */
export function voiceToolSchema(name: string): z.ZodType | undefined {
  return isVoiceToolName(name) ? VOICE_TOOLS[name].parameters : undefined;
}

/** The whole registry in the OpenAI Realtime GA `session.tools` format, JSON Schemas from the zod schemas. */
export function voiceRealtimeTools(): RealtimeFunctionTool[] {
  return VOICE_TOOL_NAMES.map((name) => {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(VOICE_TOOLS[name].parameters, {
      io: 'input',
      unrepresentable: 'any',
    });
    return { type: 'function', name, description: VOICE_TOOLS[name].description, parameters };
  });
}

/**
 * The model's argument text that does not parse as a JSON object is treated as empty.
 * An object is passed through as is (a caller that already parsed it).
 */
export function voiceToolArgumentsOf(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A validated call, narrowed by name. */
export type VoiceToolCall = { [N in VoiceToolName]: { name: N; params: VoiceToolParams[N] } }[VoiceToolName];

export type VoiceToolCallResult = { ok: true; call: VoiceToolCall } | { ok: false; error: string };

/** What the model is told when it asks for a tool that does not exist. */
export const unknownToolError = (name: string) => `Unknown tool ${name}`;

/** The refusal of a second call to a number while one is in progress (sent with `duplicate: true`). */
export const DUPLICATE_CALL_ERROR = 'A call to this number is already in progress';

/** What end_call answers, browser and phone alike: the model says goodbye, then the call ends. */
export const END_CALL_OUTPUT = 'The call ends after your goodbye.';

/** A failure as the model receives it: `{error}`, plus `requiresAuth` or `duplicate` where they apply. */
export const toolFailure = (error: string, flags: { requiresAuth?: true; duplicate?: true } = {}) => ({
  error,
  ...flags,
});

/**
 * What the model receives for a workspace tool's envelope: the data when it worked, the server's error
 * with requiresAuth when the account must be connected, else the server's error ("Failed to execute
 * Google tool: …").
 */
export function workspaceToolOutput(result: VoiceToolResult): unknown {
  if (result.success) return result.data;
  return result.requiresAuth
    ? toolFailure(result.error ?? 'Google Workspace is not connected', { requiresAuth: true })
    : toolFailure(result.error ?? 'Failed to execute Google tool');
}

/**
 * Validates the model's call against the registry. `args` is the argument text as received (or an
 * already parsed object). A refusal is the text that goes back to the model as `{error}`.
 */
export function parseVoiceToolCall(name: string, args: unknown): VoiceToolCallResult {
  if (!isVoiceToolName(name)) return { ok: false, error: unknownToolError(name) };
  const parsed = VOICE_TOOLS[name].parameters.safeParse(voiceToolArgumentsOf(args));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    return { ok: false, error: `Invalid parameters for ${name}: ${issues.join('; ')}` };
  }
  return { ok: true, call: { name, params: parsed.data } as VoiceToolCall };
}
