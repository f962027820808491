import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { voiceTestSessionSchema } from '@annie/contracts/voice-session';
import { startOpenAIRealtimeFake, toneChunk } from '@annie/fakes/openai-realtime-fake';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestApp } from '../../test/test-app.ts';
import { startTracing } from './tracing.ts';

// Tracing on before the app exists, to memory.
const exporter = new InMemorySpanExporter();
await startTracing({ serviceName: 'annie-test', exporter });
const fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
const caFile = join(tmpdir(), `realtime-fake-trace-${process.pid}.pem`);
writeFileSync(caFile, fake.ca);
const app = await startTestApp({
  OPENAI_API_KEY: 'sk-test',
  OPENAI_BASE_URL: fake.baseURL,
  OPENAI_REALTIME_CA_FILE: caFile,
});
afterAll(() => fake.close());

describe('a Voice Console test call is one trace', () => {
  it('its own root span, with its turns beneath it, ended when the panel closes', async () => {
    const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'trace-console' }));
    const profile = (await admin.post('/api/voice/profiles', { name: 'Traced', instructions: 'Hello.' }))
      .body;
    const session = voiceTestSessionSchema.parse(
      (await admin.post(`/api/voice/profiles/${profile.id}/test`)).body,
    );
    const ws = new WebSocket(session.websocketUrl, {
      headers: { Cookie: admin.cookieHeader, Origin: app.baseUrl },
    });
    const audio: Buffer[] = [];
    ws.on('message', (data, isBinary) => {
      if (isBinary) audio.push(data as Buffer);
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const realtime = await fake.nextSession();
    await vi.waitFor(() => expect(audio.length).toBeGreaterThan(0), { timeout: 10_000 });
    for (let i = 0; i < 5; i++) ws.send(toneChunk());
    await vi.waitFor(() => expect(realtime.eventsOf('input_audio_buffer.append').length).toBe(5));
    ws.close();
    await vi.waitFor(
      () => expect(exporter.getFinishedSpans().some((span) => span.name === 'voice console test')).toBe(true),
      { timeout: 10_000 },
    );
    const spans = exporter.getFinishedSpans();
    const call = spans.find((span) => span.name === 'voice console test');
    // A root: not beneath the HTTP request that upgraded the socket.
    expect(call?.parentSpanContext?.spanId).toBeUndefined();
    const traceId = call?.spanContext().traceId;
    const turns = spans.filter((span) => span.name === 'turn' && span.spanContext().traceId === traceId);
    expect(turns.length).toBeGreaterThan(0);
  });
});
