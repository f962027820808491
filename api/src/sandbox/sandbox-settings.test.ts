import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { REPO_ROOT } from '../runtime.ts';
import {
  assertNoProviderSettings,
  configuredProviderSettings,
  PROVIDER_SETTINGS,
  SANDBOX_MESSAGING_NUMBER,
  SandboxRefused,
  sandboxConfig,
} from './sandbox-settings.ts';

const fakes = {
  agt: { url: 'http://127.0.0.1:1001', apiKey: 'agt-key' },
  openAiRealtime: { baseURL: 'https://127.0.0.1:1002/v1' },
  openAiLive: { baseURL: 'https://127.0.0.1:1008/v1', callsBaseURL: 'http://127.0.0.1:1009/v1' },
  openAiRealtimeCalls: { baseURL: 'http://127.0.0.1:1006/v1', sidebandBaseURL: 'https://127.0.0.1:1007/v1' },
  openAiText: { url: 'http://127.0.0.1:1003/v1', apiKey: 'sk-fake' },
  twilio: { url: 'http://127.0.0.1:1004', accountSid: 'AC1', authToken: 'token' },
  google: { url: 'http://127.0.0.1:1005', clientId: 'client', clientSecret: 'secret' },
};
const files = { realtimeCaFile: '/tmp/ca.pem', googleTokenKey: 'a2V5', publicUrl: 'http://localhost:3000' };

describe('sandbox settings', () => {
  it('finds no provider settings in an empty environment', () => {
    expect(configuredProviderSettings(loadConfig({ ANNIE_SANDBOX: 'true' }))).toEqual([]);
    expect(() => assertNoProviderSettings(loadConfig({}))).not.toThrow();
  });

  it.each(PROVIDER_SETTINGS.map((name) => [name]))('refuses a sandbox with %s set, naming it', (name) => {
    const value = name.endsWith('_URL') ? 'https://provider.example.com' : 'real-secret-value';
    // Google's client needs its other half and companions to pass env.ts (only the pair are provider settings).
    const googleClient = {
      GOOGLE_CLIENT_ID: 'other-half',
      GOOGLE_CLIENT_SECRET: 'other-half',
      GOOGLE_TOKEN_KEY: Buffer.alloc(32).toString('base64'),
      PUBLIC_URL: 'https://annie.example.com',
    };
    const config = loadConfig({ ...(name.startsWith('GOOGLE_CLIENT') ? googleClient : {}), [name]: value });
    const refused = (() => {
      try {
        assertNoProviderSettings(config);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(SandboxRefused);
    expect((refused as Error).message).toContain(name);
    expect((refused as Error).message).not.toContain(value);
  });

  it('points every provider at its fake and keeps the data apart from a production start', () => {
    const config = sandboxConfig(loadConfig({}), fakes, files);
    expect(config).toMatchObject({
      ANNIE_SANDBOX: true,
      DATA_DIR: '.data/sandbox',
      EMBEDDED_PG_PORT: 54339,
      PUBLIC_URL: 'http://localhost:3000',
      AGT_BASE_URL: fakes.agt.url,
      OPENAI_BASE_URL: fakes.openAiRealtime.baseURL,
      OPENAI_REALTIME_CA_FILE: files.realtimeCaFile,
      OPENAI_REALTIME_CALLS_BASE_URL: fakes.openAiRealtimeCalls.baseURL,
      OPENAI_REALTIME_SIDEBAND_BASE_URL: fakes.openAiRealtimeCalls.sidebandBaseURL,
      OPENAI_LIVE_BASE_URL: fakes.openAiLive.baseURL,
      OPENAI_LIVE_CALLS_BASE_URL: fakes.openAiLive.callsBaseURL,
      OPENAI_LIVE_CA_FILE: files.realtimeCaFile,
      WEBRTC_ICE_SERVERS: [],
      OPENAI_TEXT_BASE_URL: fakes.openAiText.url,
      TWILIO_API_BASE_URL: fakes.twilio.url,
      TWILIO_PHONE_NUMBER: SANDBOX_MESSAGING_NUMBER,
      GOOGLE_API_ROOT_URL: fakes.google.url,
      GOOGLE_OAUTH_BASE_URL: fakes.google.url,
    });
    expect(configuredProviderSettings(config)).toEqual([...PROVIDER_SETTINGS]);
  });

  it("keeps the operator's own data folder, database port and messaging number", () => {
    const operator = loadConfig({
      DATA_DIR: '/srv/annie-demo',
      EMBEDDED_PG_PORT: '6000',
      TWILIO_PHONE_NUMBER: '+14155550199',
    });
    expect(sandboxConfig(operator, fakes, files)).toMatchObject({
      DATA_DIR: '/srv/annie-demo',
      EMBEDDED_PG_PORT: 6000,
      TWILIO_PHONE_NUMBER: '+14155550199',
    });
  });

  it('knows every provider variable .env.example lists: a new one is either refused or named harmless here', () => {
    // Tuning and identity, not an account or an endpoint: the sandbox may keep them.
    const harmless = [
      'AGT_TIMEOUT_MS',
      'AGT_MAX_RESPONSE_BYTES',
      'GOOGLE_TOKEN_KEY',
      'GOOGLE_TOOL_TIMEOUT_MS',
      'OPENAI_REALTIME_MODEL',
      'OPENAI_TEXT_MODEL',
      'TWILIO_PHONE_NUMBER',
    ];
    const listed = [
      ...readFileSync(join(REPO_ROOT, '.env.example'), 'utf8').matchAll(/^# ?([A-Z][A-Z0-9_]*)=/gm),
    ]
      .map((match) => match[1] ?? '')
      .filter((name) => /^(AGT|OPENAI|TWILIO|GOOGLE)_/.test(name));
    expect(listed.filter((name) => !harmless.includes(name)).sort()).toEqual([...PROVIDER_SETTINGS].sort());
  });
});
