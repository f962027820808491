// The Voice Console's routes (admin only): voice profiles, their versions, export and import, the
// system profile (PUT /api/annie/config) and the Preview tab; and the compiled session the voice page
// starts its realtime calls with.
import { z } from 'zod';
import { route } from './route.ts';
import {
  annieConfigRequestSchema,
  createVoiceProfileRequestSchema,
  importVoiceProfileRequestSchema,
  previewVoiceProfileRequestSchema,
  updateVoiceProfileRequestSchema,
  voicePreviewRequestSchema,
  voiceProfileListQuerySchema,
  voiceProfileSchema,
  voiceProfileVersionSchema,
} from './voice-profiles.ts';
import {
  aiSessionConfigSchema,
  compiledVoiceSessionSchema,
  voiceTestSessionSchema,
} from './voice-session.ts';

export const listVoiceProfiles = route({
  method: 'get',
  path: '/api/voice/profiles',
  summary: "The agent's voice profiles, the system profile first",
  access: 'admin',
  query: voiceProfileListQuerySchema,
  responses: { 200: { description: 'The profiles', schema: z.array(voiceProfileSchema) } },
});

export const createVoiceProfile = route({
  method: 'post',
  path: '/api/voice/profiles',
  summary: 'Create a voice profile',
  access: 'admin',
  body: createVoiceProfileRequestSchema,
  responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
});

export const importVoiceProfile = route({
  method: 'post',
  path: '/api/voice/profiles/import',
  summary: 'Import a voice profile from an exported file',
  access: 'admin',
  body: importVoiceProfileRequestSchema,
  responses: { 201: { description: 'The profile', schema: voiceProfileSchema } },
});

export const updateVoiceProfile = route({
  method: 'patch',
  path: '/api/voice/profiles/:id',
  summary: 'Change a voice profile (a new version)',
  access: 'admin',
  params: { id: z.string() },
  body: updateVoiceProfileRequestSchema,
  responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
});

export const deleteVoiceProfile = route({
  method: 'delete',
  path: '/api/voice/profiles/:id',
  summary: 'Delete a voice profile',
  access: 'admin',
  params: { id: z.string() },
  responses: { 204: { description: 'Deleted' } },
});

export const makeDefaultVoiceProfile = route({
  method: 'post',
  path: '/api/voice/profiles/:id/make-default',
  summary: "Make a profile its agent's default",
  access: 'admin',
  params: { id: z.string() },
  responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
});

export const exportVoiceProfile = route({
  method: 'get',
  path: '/api/voice/profiles/:id/export',
  summary: 'A voice profile as a JSON file',
  access: 'admin',
  params: { id: z.string() },
  responses: {
    200: { description: 'The file (Content-Disposition: attachment)', contentType: 'application/json' },
  },
});

export const listVoiceProfileVersions = route({
  method: 'get',
  path: '/api/voice/profiles/:id/versions',
  summary: "A voice profile's versions, newest first",
  access: 'admin',
  params: { id: z.string() },
  responses: { 200: { description: 'The versions', schema: z.array(voiceProfileVersionSchema) } },
});

export const restoreVoiceProfileVersion = route({
  method: 'post',
  path: '/api/voice/profiles/:id/versions/:version/restore',
  summary: 'Restore a version of a voice profile (as a new version)',
  access: 'admin',
  params: { id: z.string(), version: z.string() },
  responses: { 200: { description: 'The profile', schema: voiceProfileSchema } },
});

export const updateAnnieConfig = route({
  method: 'put',
  path: '/api/annie/config',
  summary: "Change Annie's system profile",
  access: 'admin',
  body: annieConfigRequestSchema,
  responses: { 200: { description: 'The system profile', schema: voiceProfileSchema } },
});

export const getAiSessionConfig = route({
  method: 'get',
  path: '/api/ai/session-config',
  summary: "The compiled realtime session for the voice page (the agent's default profile)",
  access: 'signed-in',
  responses: { 200: { description: 'The session configuration', schema: aiSessionConfigSchema } },
});

export const previewVoiceProfile = route({
  method: 'post',
  path: '/api/voice/profiles/preview',
  summary: 'Compile unsaved profile fields into the session they would give (the Preview tab)',
  access: 'admin',
  body: previewVoiceProfileRequestSchema,
  responses: { 200: { description: 'The compiled session', schema: compiledVoiceSessionSchema } },
});

/** The 503 message of a voice sample when OpenAI is not configured. */
export const VOICE_PREVIEW_NOT_CONFIGURED = 'Voice samples are not available: set OPENAI_API_KEY';

export const previewVoice = route({
  method: 'post',
  path: '/api/voice/profiles/voice-preview',
  summary: "A short sample of a voice saying a fixed sentence in the assistant's name (MP3)",
  description:
    'The same sample is kept per tenant and voice for an hour, so repeated plays cost nothing; each admin may ask for a limited number a minute.',
  access: 'admin',
  body: voicePreviewRequestSchema,
  responses: { 200: { description: 'The sample (audio/mpeg)', contentType: 'audio/mpeg' } },
  errors: {
    429: 'Too many samples asked for in a minute (Retry-After says when to ask again)',
    502: 'OpenAI refused or could not make the sample',
    503: 'OpenAI is not configured',
  },
});

/** The 503 message of a voice test when OpenAI is not configured. */
export const VOICE_TEST_NOT_CONFIGURED = 'Voice test is not configured: set OPENAI_API_KEY';

export const startVoiceTest = route({
  method: 'post',
  path: '/api/voice/profiles/:id/test',
  summary: 'Start a test call with a profile: a single-use WebSocket address, valid for a minute',
  access: 'admin',
  params: { id: z.string() },
  responses: { 200: { description: 'The test session', schema: voiceTestSessionSchema } },
  errors: { 503: 'OpenAI is not configured, or the database is briefly unavailable' },
});

// A missing or repeated token is no token: the socket is refused with 403 (after 426 and 503), never 400.
const testSocketQuerySchema = z.object({ token: z.string().catch('') });

/** Browsers cannot set headers on a WebSocket, so the identity headers are not expected here. */
export const openVoiceTestSocket = route({
  method: 'get',
  path: '/api/voice/test-sessions/:sessionId',
  summary: 'The test call itself: a WebSocket (open the address the test session gave)',
  description:
    'Only the admin who started it, from the same origin, with the single-use token, within a minute.',
  access: 'admin',
  skipIdentityHeaders: true,
  params: { sessionId: z.string() },
  query: testSocketQuerySchema,
  responses: { 101: { description: 'Switching to the WebSocket' } },
  errors: { 403: 'Expired, not yours, or opened from another origin', 426: 'Not a WebSocket handshake' },
});
