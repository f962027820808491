import { FALLBACK_REALTIME_MODEL } from '@annie/contracts/voice-profiles';
import { aiSessionConfigSchema, compiledVoiceSessionSchema } from '@annie/contracts/voice-session';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../test/test-app.ts';
import { DEFAULT_PERSONA, GUARDRAIL_BRIEFS, PROFILE_SPECIFICS_HEADING } from './voice-briefing.ts';

const app = await startTestApp();
const admin = await app.signedIn(await app.createUser({ isAdmin: true, tenantId: 'sessions' }));
const user = await app.signedIn(await app.createUser({ tenantId: 'sessions' }));

describe('GET /api/ai/session-config', () => {
  it('gives any signed-in user the persona with the default settings before any profile exists', async () => {
    const response = await user.get('/api/ai/session-config');
    expect(response.status).toBe(200);
    const config = aiSessionConfigSchema.parse(response.body);
    expect(config).toMatchObject({
      voice: 'cedar',
      model: FALLBACK_REALTIME_MODEL,
      temperature: 0.9,
      knowledgeContext: null,
      vadConfig: { threshold: 0.55, silenceDurationMs: 700, prefixPaddingMs: 300 },
    });
    expect(config.systemPrompt.startsWith(DEFAULT_PERSONA)).toBe(true);
  });

  it('compiles the default profile once there is one, its text under "Profile specifics"', async () => {
    await admin.post('/api/voice/profiles', {
      name: 'Desk',
      instructions: 'Screen every call from the press.',
      voice: 'marin',
      vadThreshold: '0.7',
      isDefault: true,
    });
    const config = aiSessionConfigSchema.parse((await user.get('/api/ai/session-config')).body);
    expect(config.voice).toBe('marin');
    expect(config.vadConfig.threshold).toBe(0.7);
    expect(config.systemPrompt).toContain(`${PROFILE_SPECIFICS_HEADING}\nScreen every call from the press.`);
  });

  it('requires a session', async () => {
    expect((await app.client().get('/api/ai/session-config')).status).toBe(401);
  });
});

describe('POST /api/voice/profiles/preview', () => {
  it('compiles unsaved fields exactly as a session would, guardrails included', async () => {
    const response = await admin.post('/api/voice/profiles/preview', {
      name: '',
      guardrails: { legal: true },
      vadSilenceMs: 1000,
    });
    expect(response.status).toBe(200);
    const preview = compiledVoiceSessionSchema.parse(response.body);
    expect(preview.instructions).toContain(GUARDRAIL_BRIEFS.legal);
    expect(preview.turnDetection).toEqual({
      type: 'server_vad',
      threshold: 0.55,
      prefix_padding_ms: 300,
      silence_duration_ms: 1000,
      idle_timeout_ms: 6000,
    });
  });

  it('previews the system profile as the persona itself', async () => {
    const preview = (
      await admin.post('/api/voice/profiles/preview', { isSystemProfile: true, instructions: 'You are Ada.' })
    ).body;
    expect(preview.instructions.startsWith('You are Ada.')).toBe(true);
    expect(preview.instructions).not.toContain('Profile specifics');
  });

  it('names a bad field', async () => {
    const response = await admin.post('/api/voice/profiles/preview', { vadPrefixMs: 1001 });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('vadPrefixMs');
  });
});
