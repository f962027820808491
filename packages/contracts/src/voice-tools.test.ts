import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { AGT_POST_PATHS } from './agt.ts';
import { labelToolOutput, thirdPartyContent } from './trust.ts';
import {
  AGT_TOOL_NAMES,
  AGT_TOOLS,
  isActionTool,
  OTHER_TOOLS,
  parseVoiceToolCall,
  VOICE_TOOL_NAMES,
  VOICE_TOOLS,
  type VoiceToolName,
  voiceRealtimeTools,
  voiceToolArgumentsOf,
  voiceToolSchema,
} from './voice-tools.ts';
import { WORKSPACE_TOOL_NAMES, WORKSPACE_TOOLS } from './workspace-tools.ts';

const toolNamed = (name: string) => {
  const tool = voiceRealtimeTools().find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

describe('the voice tool registry', () => {
  it('is the chemistry tools, then the workspace tools, then the others, every name once', () => {
    const others = Object.keys(OTHER_TOOLS);
    expect(VOICE_TOOL_NAMES).toEqual([...AGT_TOOL_NAMES, ...WORKSPACE_TOOL_NAMES, ...others]);
    expect(VOICE_TOOL_NAMES.filter((name) => name.startsWith('agt_'))).toEqual(AGT_TOOL_NAMES);
    expect(VOICE_TOOL_NAMES.filter((name) => name.startsWith('google_'))).toEqual(WORKSPACE_TOOL_NAMES);
    expect(others.some((name) => /^(agt|google)_/.test(name))).toBe(false);
    expect(new Set(VOICE_TOOL_NAMES).size).toBe(VOICE_TOOL_NAMES.length);
    expect(Object.keys(VOICE_TOOLS).sort()).toEqual([...VOICE_TOOL_NAMES].sort());
  });

  it("passes an action's output as it is and labels every other tool's, by the kind on its definition", () => {
    for (const name of VOICE_TOOL_NAMES) {
      const output = { done: true };
      const expected = VOICE_TOOLS[name].kind === 'action' ? output : thirdPartyContent(name, output);
      expect(labelToolOutput(name, output), name).toEqual(expected);
    }
    // The tools that read outside data, the ones that write to Google and the lab services included.
    for (const name of [...AGT_TOOL_NAMES, ...WORKSPACE_TOOL_NAMES, 'search_knowledge_base', 'web_search']) {
      expect(VOICE_TOOLS[name as VoiceToolName].kind, name).toBe('reads-outside-data');
    }
    expect(isActionTool('send_sms')).toBe(true);
    expect(isActionTool('google_gmail_send')).toBe(false);
    expect(isActionTool('no_such_tool')).toBe(false);
    expect(isActionTool('toString')).toBe(false);
  });

  it('reuses the workspace schemas themselves, not copies', () => {
    for (const name of WORKSPACE_TOOL_NAMES) {
      expect(voiceToolSchema(name)).toBe(WORKSPACE_TOOLS[name].parameters);
    }
  });

  it('sends each chemistry tool to a distinct mapped provider path', () => {
    const paths = AGT_TOOL_NAMES.map((name) => AGT_TOOLS[name].path);
    expect(new Set(paths).size).toBe(4);
    for (const path of paths) expect(AGT_POST_PATHS).toContain(path);
    expect(paths.sort()).toEqual([
      '/compliance/check',
      '/copilot/chat',
      '/formulation/generate',
      '/green-score/calculate',
    ]);
  });

  it('generates the GA function tool list: every parameters block a valid JSON Schema for an object', () => {
    const tools = voiceRealtimeTools();
    expect(tools.map((tool) => tool.name)).toEqual(VOICE_TOOL_NAMES);
    // Strict: an unknown keyword fails; formats are named, not checked (the model is not validated here).
    const ajv = new Ajv2020({ strict: true, formats: { 'date-time': true, email: true, uri: true } });
    for (const tool of tools) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'name', 'parameters', 'type']);
      expect(tool.type).toBe('function');
      expect(tool.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
      expect(tool.description.length).toBeGreaterThan(10);
      expect(tool.parameters.type).toBe('object');
      expect(tool.parameters).not.toHaveProperty('$schema');
      // Compiles under the dialect zod emits (draft 2020-12), and the required keys are declared ones.
      expect(() => ajv.compile(tool.parameters), tool.name).not.toThrow();
      const properties = Object.keys((tool.parameters.properties as object | undefined) ?? {});
      for (const key of (tool.parameters.required as string[] | undefined) ?? []) {
        expect(properties, `${tool.name}.${key}`).toContain(key);
      }
    }
  });

  it('states the defaults and enumerations in the JSON Schemas', () => {
    const knowledge = toolNamed('search_knowledge_base').parameters;
    expect(knowledge).toMatchObject({
      required: ['query'],
      properties: {
        sources: { type: 'array', items: { enum: ['auwagenics', 'natural_house', 'other'] } },
        max_results: { type: 'integer', default: 5 },
      },
    });
    expect(toolNamed('google_search').parameters).toMatchObject({
      properties: { max_results: { default: 5 } },
    });
    for (const name of ['google_calendar_list', 'google_gmail_list', 'google_drive_list']) {
      expect(toolNamed(name).parameters, name).toMatchObject({
        properties: { max_results: { default: 10 } },
      });
    }
    expect(toolNamed('google_gmail_list').parameters).toMatchObject({
      properties: { unread_only: { type: 'boolean', default: false } },
    });
    expect(toolNamed('google_drive_create').parameters).toMatchObject({
      properties: { file_type: { enum: ['document', 'spreadsheet', 'presentation'] } },
    });
    expect(toolNamed('agt_calculate_green_score').parameters).toMatchObject({
      required: ['formula'],
      properties: { target_score: { default: 80 } },
    });
    expect(toolNamed('make_outbound_call').parameters).toMatchObject({ required: ['to', 'message'] });
    expect(toolNamed('send_mms').parameters).toMatchObject({
      required: ['to', 'media_url'],
      properties: { media_url: { type: 'string', format: 'uri' } },
    });
    expect(toolNamed('add_knowledge_note').parameters).toMatchObject({
      required: ['title', 'body'],
      properties: { tags: { type: 'array', default: [] } },
    });
    // Whether a note may reach an unreviewed reply is the executive's decision, not the model's.
    expect(toolNamed('add_knowledge_note').parameters).not.toHaveProperty('properties.shareable');
  });

  it('applies the defaults when it validates a call', () => {
    expect(parseVoiceToolCall('search_knowledge_base', '{"query":"margin"}')).toEqual({
      ok: true,
      call: { name: 'search_knowledge_base', params: { query: 'margin', max_results: 5 } },
    });
    expect(parseVoiceToolCall('agt_calculate_green_score', { formula: 'Water 80%, Glycerin 20%' })).toEqual({
      ok: true,
      call: {
        name: 'agt_calculate_green_score',
        params: { formula: 'Water 80%, Glycerin 20%', target_score: 80 },
      },
    });
    expect(parseVoiceToolCall('google_gmail_list', '')).toEqual({
      ok: true,
      call: { name: 'google_gmail_list', params: { unread_only: false, max_results: 10 } },
    });
  });

  it('treats argument text that is not a JSON object as empty, then validates', () => {
    expect(voiceToolArgumentsOf('{not json')).toEqual({});
    expect(voiceToolArgumentsOf('[1,2]')).toEqual({});
    expect(voiceToolArgumentsOf('"text"')).toEqual({});
    expect(voiceToolArgumentsOf('{"a":1}')).toEqual({ a: 1 });
    expect(parseVoiceToolCall('end_call', '{oops')).toEqual({
      ok: true,
      call: { name: 'end_call', params: {} },
    });
    expect(parseVoiceToolCall('web_search', '{oops')).toEqual({
      ok: false,
      error: 'Invalid parameters for web_search: query: query must be text',
    });
  });

  it('answers refusals as text for the model: unknown tool, bad enumeration, http media, unknown keys', () => {
    expect(parseVoiceToolCall('launch_rockets', '{}')).toEqual({
      ok: false,
      error: 'Unknown tool launch_rockets',
    });
    expect(parseVoiceToolCall('toString', '{}')).toEqual({ ok: false, error: 'Unknown tool toString' });
    expect(parseVoiceToolCall('search_knowledge_base', { query: 'x', sources: ['acme'] })).toEqual({
      ok: false,
      error:
        'Invalid parameters for search_knowledge_base: sources.0: Source must be one of auwagenics, natural_house, other',
    });
    const http = parseVoiceToolCall('send_mms', {
      to: '+15551234567',
      media_url: 'http://example.com/a.png',
    });
    expect(http).toEqual({
      ok: false,
      error: 'Invalid parameters for send_mms: media_url: media_url must be an https URL',
    });
    expect(parseVoiceToolCall('send_sms', { to: '+15551234567', message: 'Hi', extra: 1 }).ok).toBe(false);
    expect(parseVoiceToolCall('web_search', { query: 'news\u0000\u001b[31m' })).toEqual({
      ok: false,
      error: 'Invalid parameters for web_search: query: query must not contain control characters',
    });
    expect(parseVoiceToolCall('web_search', { query: 'Ünïcödé news\nand more' }).ok).toBe(true);
    for (const to of ['+15551234567', '+1 (555) 123-4567', '(555) 123-4567', '555.123.4567']) {
      expect(parseVoiceToolCall('send_sms', { to, message: 'Hi' }).ok, to).toBe(true);
    }
    for (const to of ['12', '+', '555-CALL-NOW', '+1 555 123 4567; rm']) {
      expect(parseVoiceToolCall('send_sms', { to, message: 'Hi' }).ok, to).toBe(false);
    }
    expect(parseVoiceToolCall('make_outbound_call', { to: 'call mom', message: 'Hi' })).toEqual({
      ok: false,
      error: 'Invalid parameters for make_outbound_call: to: to must be a phone number, e.g. +15551234567',
    });
  });

  it('lets session_update drop a voice the model adds, and refuses an empty update', () => {
    expect(parseVoiceToolCall('session_update', { instructions: 'Be brief.', voice: 'alloy' })).toEqual({
      ok: true,
      call: { name: 'session_update', params: { instructions: 'Be brief.' } },
    });
    expect(parseVoiceToolCall('session_update', { voice: 'alloy' })).toEqual({
      ok: false,
      error: 'Invalid parameters for session_update: Give instructions, speed or turn_detection to change',
    });
  });
});
