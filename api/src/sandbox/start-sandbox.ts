import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { SandboxFakes } from '@annie/fakes/sandbox/sandbox-fakes';
import type { CountryCode } from 'libphonenumber-js';
import type { Logger } from 'pino';
import type { ApiModule } from '../api-module.ts';
import type { AppConfig } from '../config/env.ts';
import { REPO_ROOT } from '../runtime.ts';
import { sandboxRoutes } from './sandbox.routes.ts';
import {
  assertNoProviderSettings,
  SANDBOX_MESSAGING_NUMBER,
  SANDBOX_NOTICE,
  SandboxRefused,
  sandboxConfig,
  sandboxStorage,
} from './sandbox-settings.ts';

/** A started sandbox: the configuration that points at its fakes, its panel's routes, and the fakes. */
export type Sandbox = {
  config: AppConfig;
  /** The sandbox panel's routes, served beside the product's modules. */
  module: ApiModule;
  fakes: SandboxFakes;
  close: () => Promise<void>;
};

/** The address the fakes reach the app on from this machine. */
function loopbackOf(host: string): string {
  if (['0.0.0.0', '::', 'localhost', ''].includes(host)) return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** A secret generated once and kept in the sandbox's data folder, so stored tokens survive a restart. */
async function keptSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(32).toString('base64');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function loadFakes(): Promise<typeof import('@annie/fakes/sandbox/sandbox-fakes')> {
  try {
    return await import('@annie/fakes/sandbox/sandbox-fakes');
  } catch (error) {
    throw new SandboxRefused(
      `The sandbox needs the provider fakes of packages/fakes, which this install lacks (the production image leaves them out): run it from a checkout with npm run sandbox.\n${String(error)}`,
    );
  }
}

/**
 * Starts the sandbox: refuses a configuration with real provider settings, starts every provider's fake
 * on loopback in this process, and answers the configuration that points the app at them. `port` is the
 * one the app's server has already bound (config.PORT may be 0: any free port).
 */
export async function startSandbox(config: AppConfig, logger: Logger, port: number): Promise<Sandbox> {
  assertNoProviderSettings(config);
  const { startSandboxFakes } = await loadFakes();
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const fakes = await startSandboxFakes({
    publicUrl,
    appUrl: `http://${loopbackOf(config.HOST)}:${port}`,
    onWebhookError: (message) => logger.warn({ sandbox: true }, message),
    assistantName: config.ASSISTANT_NAME,
    messagingNumber: config.TWILIO_PHONE_NUMBER ?? SANDBOX_MESSAGING_NUMBER,
  });
  const dataDir = resolve(REPO_ROOT, sandboxStorage(config).DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  // The SDK's realtime WebSocket always dials wss://: trust the fakes' freshly made certificates, the
  // phone bridge's and the browser calls' sideband (one file per port: two sandboxes may share a folder).
  const realtimeCaFile = join(dataDir, `sandbox-realtime-ca-${port}.pem`);
  await writeFile(
    realtimeCaFile,
    [fakes.openAiRealtime.ca, fakes.openAiRealtimeCalls.sideband.ca, fakes.openAiLive.ca].join('\n'),
  );
  const googleTokenKey =
    config.GOOGLE_TOKEN_KEY ?? (await keptSecret(join(dataDir, 'sandbox-google-token-key')));
  const sandboxed = sandboxConfig({ ...config, PORT: port }, fakes.endpoints, {
    realtimeCaFile,
    googleTokenKey,
    publicUrl,
  });
  logger.warn(
    {
      sandbox: true,
      fakes: {
        agt: fakes.agt.url,
        google: fakes.google.url,
        openAiText: fakes.openAiText.url,
        openAiRealtime: fakes.openAiRealtime.baseURL,
        openAiLive: fakes.openAiLive.baseURL,
        openAiRealtimeCalls: fakes.openAiRealtimeCalls.baseURL,
        twilio: fakes.twilio.url,
      },
    },
    SANDBOX_NOTICE,
  );
  const module: ApiModule = {
    name: 'sandbox',
    entities: [],
    migrations: [],
    create: ({ pool }) => ({
      routers: [
        sandboxRoutes({
          pool,
          phone: fakes,
          region: sandboxed.PHONE_DEFAULT_REGION as CountryCode,
          defaultNumber: sandboxed.TWILIO_PHONE_NUMBER,
        }),
      ],
    }),
  };
  return { config: sandboxed, module, fakes, close: () => fakes.close() };
}
