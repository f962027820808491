import { VOICE_TOOL_NAMES, type VoiceToolHandlers } from '@annie/contracts/voice-tools';
import { describe, expect, it } from 'vitest';
import { serverToolHandlers } from './server-tool-runner.ts';

// The compile-time half is `pnpm --filter api run typecheck`: the `@ts-expect-error` below fails the
// typecheck ("unused directive") if a map without a handler compiles.

type ServerContext = Parameters<(typeof serverToolHandlers)['end_call']>[1];

describe('the server’s tool handlers (phone calls)', () => {
  it('has exactly one handler per tool of the registry', () => {
    expect(Object.keys(serverToolHandlers).sort()).toEqual([...VOICE_TOOL_NAMES].sort());
  });

  it('a map missing a handler does not compile', () => {
    const { send_mms: _dropped, ...withoutMms } = serverToolHandlers;
    // @ts-expect-error send_mms has no handler
    const incomplete: VoiceToolHandlers<ServerContext> = withoutMms;
    expect(Object.keys(incomplete)).not.toContain('send_mms');
  });
});
