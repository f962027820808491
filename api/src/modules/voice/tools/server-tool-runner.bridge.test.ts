import { FALLBACK_REALTIME_MODEL, VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { voiceRealtimeTools } from '@annie/contracts/voice-tools';
import { startOpenAIRealtimeFake } from '@annie/fakes/openai-realtime-fake';
import { afterAll, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { PCM16_24K, RealtimeBridges } from '../bridge/index.ts';
import { compileVoiceSession } from '../profiles/index.ts';
import { createServerToolRunner } from './server-tool-runner.ts';

// The runner as the phone calls use it: plugged into the realtime bridge as `runTool`, against the
// realtime WebSocket fake, with the registry's tool list in the session.
const app = await startTestApp();
const fake = await startOpenAIRealtimeFake({ apiKey: 'sk-test' });
const bridges = new RealtimeBridges({ apiKey: 'sk-test', baseURL: fake.baseURL, ca: fake.ca });
afterAll(async () => {
  bridges.closeAll();
  await fake.close();
});

it('answers the model’s knowledge search from the caller’s tenant through the bridge', async () => {
  const owner = await app.createUser({ tenantId: 'tenant-bridge' });
  const client = await app.signedIn(owner);
  await client.post('/api/knowledge/facts', { key: 'diary_rule', value: 'No meetings before 9am' });
  const stranger = await app.signedIn(await app.createUser({ tenantId: 'tenant-elsewhere' }));
  await stranger.post('/api/knowledge/facts', { key: 'diary_rule', value: 'Meetings from 6am' });

  const compiled = compileVoiceSession(
    { ...VOICE_PROFILE_DEFAULTS, name: 'Test', instructions: 'Take messages.' },
    { instructions: '', personalityTraits: [], model: null },
    FALLBACK_REALTIME_MODEL,
  );
  fake.setScript({ functionCall: { name: 'search_knowledge_base', arguments: '{"query":"diary"}' } });
  const runTool = createServerToolRunner(
    { config: app.config, orm: app.orm, pool: app.pool },
    { tenantId: 'tenant-bridge', userId: owner.user.id },
  );
  const bridge = await bridges.open({
    compiled,
    format: PCM16_24K,
    hooks: { onAudio: () => {}, onTranscript: () => {}, runTool },
    greet: true,
    tools: voiceRealtimeTools(),
  });
  const session = await fake.nextSession();
  await vi.waitFor(() => expect(session.eventsOf('conversation.item.create')).toHaveLength(1));
  const item = session.eventsOf('conversation.item.create')[0]?.item as { type: string; output: string };
  expect(item.type).toBe('function_call_output');
  const output = JSON.parse(item.output) as { results: { key: string; snippet: string }[] };
  expect(output.results).toEqual([expect.objectContaining({ key: 'diary_rule' })]);
  expect(output.results[0]?.snippet).toContain('No meetings before 9am');
  expect(item.output).not.toContain('6am');
  await vi.waitFor(() => expect(session.eventsOf('response.create')).toHaveLength(2));
  // The model was offered the whole registry.
  const update = session.eventsOf('session.update')[0]?.session as { tools: { name: string }[] };
  expect(update.tools.map((tool) => tool.name)).toEqual(voiceRealtimeTools().map((tool) => tool.name));
  bridge.close('test ended');
});
