import { calleeAudio } from '@annie/fakes/mulaw';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { phoneCallHelpers } from '../modules/voice/phone-calls/testing/phone-call-helpers.ts';
import { startPhoneHarness } from '../modules/voice/phone-calls/testing/phone-test-harness.ts';
import { startTracing } from './tracing.ts';

// Tracing on before the app's pool exists (its statements are traced from the start), to memory.
const exporter = new InMemorySpanExporter();
await startTracing({ serviceName: 'annie-test', exporter });
const lines: Record<string, unknown>[] = [];
const logger = createLogger('debug', 'json', { write: (line) => void lines.push(JSON.parse(line)) });
const phone = await startPhoneHarness({
  script: { userTranscripts: ['Please tell her I called'], responseDelayMs: 50 },
  logger,
});
const { twilio, realtime } = phone;
const { waitFor, latestSession } = phoneCallHelpers(phone);

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('a phone call is one trace', () => {
  it('holds its turns and its tool run, with the SQL the tool ran beneath it; its log lines carry the trace id', async () => {
    realtime.setScript({
      functionCall: { name: 'take_message', arguments: '{"caller_name":"Fiona","message":"Call me back"}' },
    });
    twilio.calls.callee = { audio: calleeAudio(), frameIntervalMs: 20, listensFirst: true };
    try {
      const sessions = realtime.sessions.length;
      const started = await phone.startCall({ to: '+14155553902', message: 'Ask how the delivery went' });
      expect(started.status).toBe(201);
      await latestSession(sessions + 1);
      await waitFor(() =>
        expect(exporter.getFinishedSpans().some((span) => span.name === 'tool take_message')).toBe(true),
      );
      await twilio.calls.hangUp(twilio.calls.calls.at(-1)?.sid ?? '');
      await waitFor(() =>
        expect(exporter.getFinishedSpans().some((span) => span.name === 'phone call')).toBe(true),
      );
    } finally {
      realtime.setScript({ functionCall: undefined });
    }
    const spans = exporter.getFinishedSpans();
    const calls = spans.filter((span) => span.name === 'phone call');
    expect(calls).toHaveLength(1);
    const call = calls[0] as ReadableSpan;
    const traceId = call.spanContext().traceId;
    const inCall = spans.filter((span) => span.spanContext().traceId === traceId);
    const byId = new Map(inCall.map((span) => [span.spanContext().spanId, span]));

    // Its turns sit beneath the call; the tool run beneath a turn; the tool's SQL beneath the tool.
    const turns = inCall.filter((span) => span.name === 'turn');
    expect(turns.length).toBeGreaterThanOrEqual(1);
    for (const turn of turns) expect(parentOf(turn)).toBe(call.spanContext().spanId);
    const tool = inCall.find((span) => span.name === 'tool take_message') as ReadableSpan;
    expect(byId.get(parentOf(tool) ?? '')?.name).toBe('turn');
    const toolSql = inCall.filter(
      (span) =>
        parentOf(span) === tool.spanContext().spanId && span.attributes['db.system.name'] === 'postgresql',
    );
    expect(toolSql.length).toBeGreaterThanOrEqual(1);
    expect(toolSql.map((span) => span.name)).toContainEqual(expect.stringMatching(/^insert /));
    // Statement names, never values: the message's words are nowhere in the call's spans.
    expect(JSON.stringify(inCall.map((span) => [span.name, span.attributes]))).not.toContain('Call me back');
    // Every span of the call (the call's own SQL, its provider requests too) is in that one trace.
    expect(inCall.some((span) => span.name === 'openai request')).toBe(true);

    // The call's log lines carry its trace id.
    const callLines = lines.filter((line) => line.phoneCallId);
    expect(callLines.length).toBeGreaterThanOrEqual(1);
    for (const line of callLines) expect(line.traceId).toBe(traceId);

    // A request's log line carries its own request's trace.
    const startLine = lines.find((line) => line.path === '/api/annie/call/start');
    expect(startLine?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(startLine?.traceId).not.toBe(traceId);
  });
});
