import { vi } from 'vitest';
import { createOutboundCallGuard } from '../lib/voice-tools/outbound-call-guard.ts';
import { runVoiceTool, type VoiceToolContext } from '../lib/voice-tools/run-voice-tool.ts';

/** Test kit of runVoiceTool's tests (tests only). */

/** A guard whose 2 s release is kept until the test fires it, so nothing waits on a clock. */
export function manualGuard() {
  const pending: { release: () => void; ms: number }[] = [];
  const guard = createOutboundCallGuard((release, ms) => pending.push({ release, ms }));
  return { guard, pending };
}

export function context(overrides: Partial<VoiceToolContext> = {}): VoiceToolContext {
  return {
    onSessionUpdate: vi.fn(),
    onEndCall: vi.fn(),
    outboundCallGuard: manualGuard().guard,
    ...overrides,
  };
}

export const run = async (name: string, args: unknown, ctx = context()) =>
  JSON.parse(
    await runVoiceTool({ name, arguments: typeof args === 'string' ? args : JSON.stringify(args) }, ctx),
  );

export const NOTE_ID = '5d1f3b8a-6c2e-4f7a-9b0d-1e2f3a4b5c6d';
export const SMS_IDS = {
  threadId: '0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
  messageId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
};
