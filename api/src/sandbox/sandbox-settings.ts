import { DEFAULTS, SANDBOX_DEFAULTS } from '../config/defaults.mjs';
import type { AppConfig } from '../config/env.ts';

/**
 * Every setting that points a provider somewhere or proves who we are to it. In a sandbox they all come
 * from the loopback fakes; one set by the operator would mix a real account into a simulated product.
 */
export const PROVIDER_SETTINGS = [
  'AGT_BASE_URL',
  'AGT_API_KEY',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_TEXT_BASE_URL',
  'OPENAI_REALTIME_CA_FILE',
  'OPENAI_REALTIME_CALLS_BASE_URL',
  'OPENAI_REALTIME_SIDEBAND_BASE_URL',
  'OPENAI_LIVE_BASE_URL',
  'OPENAI_LIVE_CA_FILE',
  'OPENAI_LIVE_CALLS_BASE_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_API_BASE_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_API_ROOT_URL',
  'GOOGLE_OAUTH_BASE_URL',
] as const satisfies readonly (keyof AppConfig)[];

/** The sandbox's stand-in for the first tenant's messaging number (555-01xx numbers are fictional). */
export const SANDBOX_MESSAGING_NUMBER = '+14155550100';

/** The badge text, the start log line and the README say the same thing. */
export const SANDBOX_NOTICE = 'Sandbox — providers are simulated';

/** Raised when the sandbox cannot start; the message tells the operator what to change. */
export class SandboxRefused extends Error {
  override name = 'SandboxRefused';
}

/** The provider settings the operator configured (names only: values are secrets). */
export function configuredProviderSettings(config: AppConfig): string[] {
  return PROVIDER_SETTINGS.filter((name) => config[name] !== undefined && config[name] !== '');
}

/** Refuses a sandbox on a configuration that names real provider accounts or endpoints. */
export function assertNoProviderSettings(config: AppConfig): void {
  const configured = configuredProviderSettings(config);
  if (configured.length === 0) return;
  throw new SandboxRefused(
    [
      `The sandbox will not start: real provider settings are configured (${configured.join(', ')}).`,
      'The sandbox simulates every provider and never mixes real accounts with simulated ones.',
      'Unset them to try the sandbox, or start without ANNIE_SANDBOX (npm start) to use the real providers.',
    ].join('\n'),
  );
}

/** Where the fakes listen and the credentials they accept (from packages/fakes/src/sandbox). */
export type SandboxEndpoints = {
  agt: { url: string; apiKey: string };
  openAiRealtime: { baseURL: string };
  openAiLive: { baseURL: string; callsBaseURL: string };
  openAiRealtimeCalls: { baseURL: string; sidebandBaseURL: string };
  openAiText: { url: string; apiKey: string };
  twilio: { url: string; accountSid: string; authToken: string };
  google: { url: string; clientId: string; clientSecret: string };
};

/** What the sandbox generates beside the fakes: files and secrets kept in its data folder. */
export type SandboxFiles = { realtimeCaFile: string; googleTokenKey: string; publicUrl: string };

/**
 * The sandbox's data folder and embedded database port: separate from a production start's defaults, so
 * sample data never lands in the product's own database. Settings the operator chose are kept.
 */
export function sandboxStorage(config: AppConfig): Pick<AppConfig, 'DATA_DIR' | 'EMBEDDED_PG_PORT'> {
  return {
    DATA_DIR: config.DATA_DIR === DEFAULTS.DATA_DIR ? SANDBOX_DEFAULTS.DATA_DIR : config.DATA_DIR,
    EMBEDDED_PG_PORT:
      config.EMBEDDED_PG_PORT === DEFAULTS.EMBEDDED_PG_PORT
        ? SANDBOX_DEFAULTS.EMBEDDED_PG_PORT
        : config.EMBEDDED_PG_PORT,
  };
}

/** The configuration with every provider pointed at its fake; everything else stays as the operator set it. */
export function sandboxConfig(config: AppConfig, fakes: SandboxEndpoints, files: SandboxFiles): AppConfig {
  return {
    ...config,
    ...sandboxStorage(config),
    ANNIE_SANDBOX: true,
    PUBLIC_URL: files.publicUrl,
    AGT_BASE_URL: fakes.agt.url,
    AGT_API_KEY: fakes.agt.apiKey,
    OPENAI_API_KEY: fakes.openAiText.apiKey,
    OPENAI_BASE_URL: fakes.openAiRealtime.baseURL,
    OPENAI_REALTIME_CA_FILE: files.realtimeCaFile,
    OPENAI_REALTIME_CALLS_BASE_URL: fakes.openAiRealtimeCalls.baseURL,
    OPENAI_REALTIME_SIDEBAND_BASE_URL: fakes.openAiRealtimeCalls.sidebandBaseURL,
    OPENAI_LIVE_BASE_URL: fakes.openAiLive.baseURL,
    // One CA file trusts every OpenAI fake (each certificate has its own subject).
    OPENAI_LIVE_CA_FILE: files.realtimeCaFile,
    OPENAI_LIVE_CALLS_BASE_URL: fakes.openAiLive.callsBaseURL,
    // The fakes listen on loopback: no STUN or TURN server can help a browser reach them.
    WEBRTC_ICE_SERVERS: [],
    OPENAI_TEXT_BASE_URL: fakes.openAiText.url,
    TWILIO_ACCOUNT_SID: fakes.twilio.accountSid,
    TWILIO_AUTH_TOKEN: fakes.twilio.authToken,
    TWILIO_API_BASE_URL: fakes.twilio.url,
    TWILIO_PHONE_NUMBER: config.TWILIO_PHONE_NUMBER ?? SANDBOX_MESSAGING_NUMBER,
    GOOGLE_CLIENT_ID: fakes.google.clientId,
    GOOGLE_CLIENT_SECRET: fakes.google.clientSecret,
    GOOGLE_TOKEN_KEY: files.googleTokenKey,
    GOOGLE_API_ROOT_URL: fakes.google.url,
    GOOGLE_OAUTH_BASE_URL: fakes.google.url,
  };
}
