import type { ToolDefinitions, ToolHandlers } from '@annie/contracts/tool-handlers';
import { VOICE_TOOL_NAMES, type VOICE_TOOLS, type VoiceToolHandlers } from '@annie/contracts/voice-tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserToolHandlers, type VoiceToolContext } from './run-voice-tool.ts';

// The compile-time half of these tests is `pnpm --filter @annie/remote-voice run typecheck`: each
// `@ts-expect-error` below fails the typecheck ("unused directive") if the line after it compiles.

describe('the browser’s tool handlers', () => {
  it('has exactly one handler per tool of the registry', () => {
    expect(Object.keys(browserToolHandlers).sort()).toEqual([...VOICE_TOOL_NAMES].sort());
  });

  it('a map missing a handler does not compile', () => {
    const { end_call: _dropped, ...withoutEndCall } = browserToolHandlers;
    // @ts-expect-error end_call has no handler
    const incomplete: VoiceToolHandlers<VoiceToolContext> = withoutEndCall;
    expect(Object.keys(incomplete)).not.toContain('end_call');
  });

  it('a tool added to the registry without a browser handler does not compile', () => {
    type RegistryWithNewTool = typeof VOICE_TOOLS & {
      book_table: { description: string; parameters: z.ZodObject<{ people: z.ZodNumber }> };
    };
    // @ts-expect-error book_table has no handler
    const stale: ToolHandlers<RegistryWithNewTool, VoiceToolContext> = browserToolHandlers;
    expect(stale).toBe(browserToolHandlers);
  });
});

describe('ToolHandlers', () => {
  const tools = {
    add: {
      description: 'Adds',
      parameters: z.object({ a: z.number(), b: z.number().default(1) }),
      kind: 'action',
    },
  } satisfies ToolDefinitions;

  it('types each handler’s parameters from its schema (defaults applied)', () => {
    const handlers = { add: ({ a, b }) => a + b } satisfies ToolHandlers<typeof tools>;
    expect(handlers.add({ a: 2, b: 3 })).toBe(5);
  });

  it('refuses a handler that reads parameters its schema does not have, and a handler for no tool', () => {
    // @ts-expect-error `text` is not a parameter of add
    const wrongParams: ToolHandlers<typeof tools> = { add: (params: { text: string }) => params.text };
    const extra = {
      add: () => 0,
      // @ts-expect-error `subtract` is not a tool of the registry
      subtract: () => 0,
    } satisfies ToolHandlers<typeof tools>;
    expect(typeof wrongParams.add).toBe('function');
    expect(typeof extra.subtract).toBe('function');
  });
});
