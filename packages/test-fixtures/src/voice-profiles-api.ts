import {
  SYSTEM_PROFILE_ID,
  VOICE_PROFILE_DEFAULTS,
  type VoiceProfile,
} from '@annie/contracts/voice-profiles';
import type { StubRoutes } from './fetch-stub.ts';

const at = '2026-01-05T15:04:00.000Z';

const profile = (id: string, name: string, extra: Partial<VoiceProfile> = {}): VoiceProfile => ({
  ...VOICE_PROFILE_DEFAULTS,
  id,
  name,
  agentId: 'default-agent',
  isDefault: false,
  isSystemProfile: false,
  version: 1,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

/** The system profile, a default front-desk profile and an after-hours one (tests only). */
export const VOICE_PROFILES: VoiceProfile[] = [
  profile(SYSTEM_PROFILE_ID, 'AnnieAI', { isSystemProfile: true, instructions: 'You are James.' }),
  profile('5d3f1a2b-0c4d-4e5f-8a9b-1c2d3e4f5a6b', 'Front desk', { isDefault: true }),
  profile('6e4a2b3c-1d5e-4f6a-9b0c-2d3e4f5a6b7c', 'Evenings', { context: 'After-Hours' }),
];

/** The voice profile endpoints over `profiles`; statuses override the answers of the mutations (tests only). */
export function voiceProfileRoutes(
  options: { profiles?: VoiceProfile[]; annieConfigStatus?: number; testStatus?: number } = {},
): StubRoutes {
  const profiles = options.profiles ?? VOICE_PROFILES;
  const byId = (id: string | undefined) => profiles.find((one) => one.id === id) ?? profiles[1];
  return {
    'GET /api/voice/profiles': { status: 200, body: profiles },
    'POST /api/voice/profiles/import': ({ body }) => ({
      status: 201,
      body: { ...byId(undefined), ...(body as object) },
    }),
    'POST /api/voice/profiles/preview': {
      status: 200,
      body: {
        instructions: 'You are James.\n\n## Guardrails',
        voice: 'cedar',
        model: 'gpt-realtime-2.1',
        temperature: 0.9,
        speed: 1,
        turnDetection: {
          type: 'server_vad',
          threshold: 0.55,
          prefix_padding_ms: 300,
          silence_duration_ms: 700,
          idle_timeout_ms: 6000,
        },
        transcriptionModel: 'gpt-transcribe',
        engine: 'realtime',
        engineSplitPercent: 0,
        live: {
          model: 'gpt-live-1.1',
          voice: 'marin',
          conversationPrompt: 'You are James.\n\nBackchannel policy: Use light backchannels.',
          backendModel: 'gpt-6-luna',
          acknowledgementDelayMs: 800,
        },
      },
    },
    'POST /api/voice/profiles': ({ body }) => ({
      status: 201,
      body: profile('7f5b3c4d-2e6f-4a7b-8c1d-3e4f5a6b7c8d', 'x', body as object),
    }),
    'PATCH /api/voice/profiles/:id': ({ params, body }) => ({
      status: 200,
      body: { ...byId(params.id), ...(body as object) },
    }),
    'DELETE /api/voice/profiles/:id': { status: 204 },
    'POST /api/voice/profiles/:id/make-default': ({ params }) => ({
      status: 200,
      body: { ...byId(params.id), isDefault: true },
    }),
    'POST /api/voice/profiles/:id/test': {
      status: options.testStatus ?? 503,
      body: { message: 'Voice test is not configured: set OPENAI_API_KEY', code: 'not_configured' },
    },
    'GET /api/voice/profiles/:id/versions': { status: 200, body: [] },
    'PUT /api/annie/config': ({ body }) =>
      options.annieConfigStatus
        ? {
            status: options.annieConfigStatus,
            body: { message: 'Database unavailable', code: 'unavailable' },
          }
        : { status: 200, body: { ...profiles[0], ...(body as object) } },
  };
}
