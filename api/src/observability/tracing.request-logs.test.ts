import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app.ts';
import { createLogger } from '../lib/logger.ts';
import { startTracing } from './tracing.ts';

// Tracing on before the app exists, to memory; every log line the app writes, kept.
const exporter = new InMemorySpanExporter();
await startTracing({ serviceName: 'annie-test', exporter });
const lines: Record<string, unknown>[] = [];
const logger = createLogger('info', 'json', { write: (line) => void lines.push(JSON.parse(line)) });
// No OpenAI key: a browser call's offer is refused with 503, an error answer logged at error level.
const app = await startTestApp({}, { logger });

/** The request's own log line (method, path, status), found by the request id the client sent. */
function requestLine(requestId: string) {
  return lines.find((line) => line.requestId === requestId && typeof line.status === 'number');
}

describe("a request's log lines carry its trace id", () => {
  it('on a refusal (4xx) and on an error answer (5xx): the id of the span that request made', async () => {
    const refused = await app
      .client()
      .get('/api/auth/user', { headers: { 'X-Request-Id': 'trace-refused' } });
    expect(refused.status).toBe(401);
    const user = await app.signedIn(await app.createUser());
    const failed = await user.request('POST', '/api/realtime/offer', {
      rawBody: 'v=0\r\n',
      headers: { 'Content-Type': 'application/sdp', 'X-Request-Id': 'trace-failed' },
    });
    expect(failed.status).toBe(503);

    const servers = exporter.getFinishedSpans().filter((span) => span.attributes['http.route'] !== undefined);
    for (const [requestId, route, level] of [
      ['trace-refused', '/api/auth/user', 30],
      ['trace-failed', '/api/realtime/offer', 50],
    ] as const) {
      const line = requestLine(requestId);
      expect(line?.level).toBe(level);
      const span = servers.find((each) => each.attributes['http.route'] === route);
      expect(span, route).toBeDefined();
      expect(line?.traceId).toBe(span?.spanContext().traceId);
      expect(line?.spanId).toBe(span?.spanContext().spanId);
    }
    // Two requests, two traces.
    expect(requestLine('trace-refused')?.traceId).not.toBe(requestLine('trace-failed')?.traceId);
  });
});
