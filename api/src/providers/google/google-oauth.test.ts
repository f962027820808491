import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { isInvalidGrant } from './google-oauth.ts';
import { GOOGLE_SCOPES } from './google-scopes.ts';
import { startFakeGoogleProvider } from './testing/google-fake-provider.ts';

const { fake, oauth, connect } = await startFakeGoogleProvider();
afterAll(() => fake.close());

describe('GoogleOAuth', () => {
  it('asks for offline access, a forced consent, the least scopes, a state and an S256 challenge', async () => {
    const start = await oauth.startConsent();
    const url = new URL(start.authUrl);
    expect(url.origin + url.pathname).toBe(fake.endpoints.oauth2AuthBaseUrl);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      code_challenge_method: 'S256',
      state: start.state,
      client_id: fake.clientId,
      redirect_uri: 'http://127.0.0.1:3999/api/google/callback',
    });
    expect(query.code_challenge).toBe(createHash('sha256').update(start.codeVerifier).digest('base64url'));
    expect(query.scope?.split(' ')).toEqual([...GOOGLE_SCOPES]);
    expect(start.state).toHaveLength(43);
    expect((await oauth.startConsent()).state).not.toBe(start.state);
  });

  it('exchanges the code with the verifier and reads the account', async () => {
    const result = await connect();
    expect(result.identity).toEqual({
      sub: '108000000000000000001',
      email: 'eleanor.hart@example.com',
      name: 'Eleanor Hart',
      picture: 'https://lh3.googleusercontent.com/a/eleanor-hart',
    });
    expect(result.refreshToken).toMatch(/^1\/\/refresh-/);
    const exchange = fake.tokenRequests.find((request) => request.grantType === 'authorization_code');
    expect(exchange?.params.code_verifier).toBeTruthy();
  });

  it('fails the exchange with another verifier (the fake checks PKCE)', async () => {
    const start = await oauth.startConsent();
    const code = new URL(await fake.consent(start.authUrl)).searchParams.get('code') ?? '';
    const failure = await oauth.finishConsent(code, 'x'.repeat(43)).catch((error) => error);
    expect(isInvalidGrant(failure)).toBe(true);
  });

  it('revokes the refresh token at Google', async () => {
    const { refreshToken } = await connect();
    await oauth.revoke(refreshToken);
    expect(fake.revocations).toContain(refreshToken);
    expect(fake.isGrantActive(refreshToken)).toBe(false);
  });
});
