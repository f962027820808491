import { type GoogleFake, startGoogleFake } from '@annie/fakes/google-fake';
import type { GoogleProviderConfig } from '../google-config.ts';
import { type ConsentResult, GoogleOAuth } from '../google-oauth.ts';

/** The provider config that points every Google call at a running fake. */
export function fakeGoogleConfig(
  fake: GoogleFake,
  overrides: Partial<GoogleProviderConfig> = {},
): GoogleProviderConfig {
  return {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: 'http://127.0.0.1:3999/api/google/callback',
    apiRootUrl: `${fake.url}/`,
    endpoints: fake.endpoints,
    toolTimeoutMs: 5_000,
    ...overrides,
  };
}

/** A fake and an OAuth client on it, plus a helper that runs a whole consent and returns its result. */
export async function startFakeGoogleProvider(overrides: Partial<GoogleProviderConfig> = {}) {
  const fake = await startGoogleFake();
  const oauth = new GoogleOAuth(fakeGoogleConfig(fake, overrides));
  const connect = async (): Promise<ConsentResult> => {
    const start = await oauth.startConsent();
    const back = new URL(await fake.consent(start.authUrl));
    return oauth.finishConsent(back.searchParams.get('code') ?? '', start.codeVerifier);
  };
  return { fake, oauth, connect };
}
