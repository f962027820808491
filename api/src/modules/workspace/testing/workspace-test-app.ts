import { randomBytes } from 'node:crypto';
import { type GoogleFake, startGoogleFake } from '@annie/fakes/google-fake';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import type { TestClient } from '../../../../test/test-client.ts';

/** The environment that points the app's Google at a fake. */
export function googleFakeEnv(
  fake: GoogleFake,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_TOKEN_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'https://annie.test',
    GOOGLE_API_ROOT_URL: fake.url,
    GOOGLE_OAUTH_BASE_URL: fake.url,
    GOOGLE_TOOL_TIMEOUT_MS: '1000',
    ...overrides,
  };
}

/** The app's callback for a URL Google redirects to (PUBLIC_URL is not this test server's address). */
export const callbackPath = (location: string) => {
  const url = new URL(location);
  return `${url.pathname}${url.search}`;
};

/** A test app whose Google is a fresh fake, and a helper that connects a client's user all the way. */
export async function startWorkspaceTestApp(options: { logger?: Logger } = {}): Promise<{
  app: TestApp;
  fake: GoogleFake;
  connect: (client: TestClient, withhold?: string[]) => Promise<void>;
}> {
  const fake = await startGoogleFake();
  const app = await startTestApp(googleFakeEnv(fake), options);
  const connect = async (client: TestClient, withhold: string[] = []) => {
    const { body } = await client.get('/api/google/auth');
    const callback = await client.get(callbackPath(await fake.consent(body.authUrl, 'allow', withhold)));
    expect(callback.headers.get('location')).toBe('/google/success');
  };
  return { app, fake, connect };
}
