import type { ToolHandlers } from '@annie/contracts/tool-handlers';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { frontDeskHandlers } from './front-desk-runner.ts';
import { CALLER_TOOLS, type CallerTools } from './front-desk-tools.ts';

// The compile-time half is `pnpm --filter api run typecheck`: each `@ts-expect-error` below fails the
// typecheck ("unused directive") if the line after it compiles.

type FrontDeskContext = Parameters<(typeof frontDeskHandlers)['end_call']>[1];

describe('the front desk’s tool handlers (third-party callers)', () => {
  it('has exactly one handler per tool a caller may be offered', () => {
    expect(Object.keys(frontDeskHandlers).sort()).toEqual(Object.keys(CALLER_TOOLS).sort());
  });

  it('a map missing a handler does not compile', () => {
    const { take_message: _dropped, ...withoutTakeMessage } = frontDeskHandlers;
    // @ts-expect-error take_message has no handler
    const incomplete: ToolHandlers<CallerTools, FrontDeskContext> = withoutTakeMessage;
    expect(Object.keys(incomplete)).not.toContain('take_message');
  });

  it('a tool added to the front desk’s list without a handler does not compile', () => {
    type ListWithNewTool = CallerTools & {
      leave_voicemail: { description: string; parameters: z.ZodObject<{ seconds: z.ZodNumber }> };
    };
    // @ts-expect-error leave_voicemail has no handler
    const stale: ToolHandlers<ListWithNewTool, FrontDeskContext> = frontDeskHandlers;
    expect(stale).toBe(frontDeskHandlers);
  });
});
