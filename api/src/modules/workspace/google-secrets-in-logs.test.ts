import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { callbackPath, startWorkspaceTestApp } from './testing/workspace-test-app.ts';

// Google's client errors carry the whole request: the code, the PKCE verifier, the client secret, and
// (on revoke) the refresh token in the URL. None of it may reach the logs (a guard on our summary and
// on gaxios's own redaction alike).
const lines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
const { app, fake, connect } = await startWorkspaceTestApp({ logger });
afterAll(() => fake.close());

describe('Google failures in the logs', () => {
  it('log what failed without the code, verifier, client secret or token', async () => {
    const client = await app.signedIn(await app.createUser());
    const { body } = await client.get('/api/google/auth');
    const back = new URL(await fake.consent(body.authUrl));
    back.searchParams.set('code', '4/forged-code');
    const refused = await client.get(callbackPath(back.href));
    expect(refused.headers.get('location')).toBe('/google/error?reason=failed');

    await connect(client);
    // More than google-auth-library's retries of a revocation, so the disconnect really fails.
    fake.failRevocations(10);
    expect((await client.post('/api/google/disconnect')).status).toBe(502);
    fake.failRevocations(0);

    const logged = lines.join('\n');
    expect(logged).toContain('Google consent callback failed');
    expect(logged).toContain('Google did not confirm a token revocation');
    const verifier = fake.tokenRequests.find((request) => request.params.code === '4/forged-code')?.params
      .code_verifier;
    expect(verifier).toBeTruthy();
    for (const secret of [fake.clientSecret, '4/forged-code', verifier ?? '', 'refresh-']) {
      expect(logged).not.toContain(secret);
    }
  });
});
