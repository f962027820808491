import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { callbackPath, startWorkspaceTestApp } from './testing/workspace-test-app.ts';

const { app, fake, connect } = await startWorkspaceTestApp();
afterAll(() => fake.close());

async function signedIn() {
  return app.signedIn(await app.createUser());
}

describe('GET /api/google/auth and /api/google/callback', () => {
  it('connects: consent, code exchange with the PKCE verifier, account stored, success page', async () => {
    const client = await signedIn();
    const { status, body } = await client.get('/api/google/auth');
    expect(status).toBe(200);
    const authUrl = new URL(body.authUrl);
    expect(authUrl.searchParams.get('redirect_uri')).toBe('https://annie.test/api/google/callback');
    expect(authUrl.searchParams.get('access_type')).toBe('offline');
    expect(authUrl.searchParams.get('prompt')).toBe('consent');
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await client.get(callbackPath(await fake.consent(body.authUrl)));
    expect([callback.status, callback.headers.get('location')]).toEqual([302, '/google/success']);
    expect(fake.tokenRequests.at(-1)).toMatchObject({ grantType: 'authorization_code', status: 200 });
    expect((await client.get('/api/google/status')).body).toEqual({ authenticated: true });
    expect((await client.get('/api/google/accounts')).body).toEqual([
      expect.objectContaining({
        name: 'Eleanor Hart',
        email: 'eleanor.hart@example.com',
        isActive: true,
        connected: true,
      }),
    ]);
  });

  it('stores the refresh token only encrypted', async () => {
    const client = await signedIn();
    await connect(client);
    const { rows } = await app.pool.query<{ refresh_token_cipher: string }>(
      'select refresh_token_cipher from google_account',
    );
    const issued = fake.tokenRequests.filter((request) => request.status === 200).length;
    expect(issued).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.refresh_token_cipher).toMatch(/^v1\./);
      expect(row.refresh_token_cipher).not.toContain('refresh-');
    }
  });

  it('refuses a replayed state: the second use of a callback goes to the error page', async () => {
    const client = await signedIn();
    const { body } = await client.get('/api/google/auth');
    const path = callbackPath(await fake.consent(body.authUrl));
    expect((await client.get(path)).headers.get('location')).toBe('/google/success');
    expect((await client.get(path)).headers.get('location')).toBe('/google/error?reason=state');
  });

  it('refuses a state from another session, and a state that does not match', async () => {
    const victim = await signedIn();
    const attacker = await signedIn();
    const { body } = await attacker.get('/api/google/auth');
    const path = callbackPath(await fake.consent(body.authUrl));
    await victim.get('/api/google/auth');
    expect((await victim.get(path)).headers.get('location')).toBe('/google/error?reason=state');
    expect((await victim.get('/api/google/status')).body).toEqual({ authenticated: false });
    const wrongState = path.replace(/state=[^&]+/, 'state=forged');
    expect((await attacker.get(wrongState)).headers.get('location')).toBe('/google/error?reason=state');
  });

  it('sends a denied consent and a signed-out callback to the error page, never JSON', async () => {
    const client = await signedIn();
    const { body } = await client.get('/api/google/auth');
    const denied = await client.get(callbackPath(await fake.consent(body.authUrl, 'deny')));
    expect(denied.headers.get('location')).toBe('/google/error?reason=denied');
    const anonymous = await app.client().get('/api/google/callback?code=x&state=y');
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([
      302,
      '/google/error?reason=failed',
    ]);
  });

  it('sends a callback whose query does not parse (a repeated state) to the error page, never JSON', async () => {
    const client = await signedIn();
    const { body } = await client.get('/api/google/auth');
    const path = callbackPath(await fake.consent(body.authUrl));
    const repeated = await client.get(`${path}&state=again`);
    expect([repeated.status, repeated.headers.get('location')]).toEqual([302, '/google/error?reason=failed']);
  });

  it('needs a signed-in user to start', async () => {
    expect((await app.client().get('/api/google/auth')).status).toBe(401);
  });
});

describe('Google not configured', async () => {
  const bare = await startTestApp();
  const client = await bare.signedIn(await bare.createUser());

  it('answers 503 naming the missing variables, status not connected, tools 503', async () => {
    const auth = await client.get('/api/google/auth');
    expect(auth.status).toBe(503);
    expect(auth.body.message).toContain('GOOGLE_CLIENT_ID');
    expect(auth.body.message).toContain('GOOGLE_TOKEN_KEY');
    expect((await client.get('/api/google/status')).body).toEqual({ authenticated: false });
    expect((await client.get('/api/google/accounts')).body).toEqual([]);
    const tool = await client.post('/api/google/voice-tools', {
      toolName: 'google_gmail_list',
      parameters: {},
    });
    expect(tool.status).toBe(503);
  });
});
