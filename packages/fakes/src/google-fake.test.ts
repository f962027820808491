import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startGoogleFake } from './google-fake.ts';

const fake = await startGoogleFake();
afterAll(() => fake.close());

const verifier = 'a-verifier-that-is-long-enough-for-pkce-0123456789';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const redirectUri = 'http://127.0.0.1:9/api/google/callback';

function authUrl(overrides: Record<string, string> = {}) {
  const url = new URL(fake.endpoints.oauth2AuthBaseUrl);
  const params = {
    client_id: fake.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: [
      'openid',
      'https://www.googleapis.com/auth/userinfo.email',
      'https://www.googleapis.com/auth/userinfo.profile',
      'https://www.googleapis.com/auth/gmail.readonly',
    ].join(' '),
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    access_type: 'offline',
    prompt: 'consent',
    ...overrides,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

async function exchange(code: string, codeVerifier: string) {
  const response = await fetch(fake.endpoints.oauth2TokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('Google fake', () => {
  it('sends the user back with a code and the state, and exchanges the code only with the PKCE verifier', async () => {
    const back = new URL(await fake.consent(authUrl()));
    expect(back.origin + back.pathname).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    const code = back.searchParams.get('code') ?? '';
    expect((await exchange(code, 'wrong-verifier')).body.error).toBe('invalid_grant');
    // The failed attempt used the code up, as Google does.
    expect((await exchange(code, verifier)).body.error).toBe('invalid_grant');

    const fresh = new URL(await fake.consent(authUrl())).searchParams.get('code') ?? '';
    const tokens = await exchange(fresh, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const userinfo = await fetch(`${fake.url}/oauth2/v2/userinfo`, {
      headers: { Authorization: `Bearer ${tokens.body.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({ email: 'eleanor.hart@example.com', name: 'Eleanor Hart' });
  });

  it('refuses a consent request without S256 PKCE, and answers a denial with access_denied', async () => {
    const plain = await fetch(authUrl({ code_challenge_method: 'plain' }));
    expect(plain.status).toBe(400);
    const denied = new URL(await fake.consent(authUrl(), 'deny'));
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });

  it('records a revocation, after which refresh fails with invalid_grant and the API with 401', async () => {
    const code = new URL(await fake.consent(authUrl())).searchParams.get('code') ?? '';
    const { body } = await exchange(code, verifier);
    const revoke = await fetch(`${fake.endpoints.oauth2RevokeUrl}?token=${body.refresh_token}`, {
      method: 'POST',
    });
    expect(revoke.status).toBe(200);
    expect(fake.revocations).toContain(body.refresh_token);
    const refresh = await fetch(fake.endpoints.oauth2TokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token ?? '',
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
      }),
    });
    expect([refresh.status, ((await refresh.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_grant',
    ]);
    const api = await fetch(`${fake.url}/gmail/v1/users/me/messages`, {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(api.status).toBe(401);
  });

  it('rotates the refresh token on a refresh when asked: the new one works, the old one is refused', async () => {
    const code = new URL(await fake.consent(authUrl())).searchParams.get('code') ?? '';
    const { body } = await exchange(code, verifier);
    const refresh = async (refreshToken: string) => {
      const response = await fetch(fake.endpoints.oauth2TokenUrl, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: fake.clientId,
          client_secret: fake.clientSecret,
        }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    fake.rotateRefreshTokens(true);
    const rotated = await refresh(body.refresh_token ?? '');
    fake.rotateRefreshTokens(false);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).toMatch(/^1\/\/refresh-/);
    expect(rotated.body.refresh_token).not.toBe(body.refresh_token);
    expect((await refresh(body.refresh_token ?? '')).body.error).toBe('invalid_grant');
    const again = await refresh(rotated.body.refresh_token ?? '');
    expect([again.status, again.body.refresh_token]).toEqual([200, undefined]);
    expect(fake.isGrantActive(rotated.body.refresh_token ?? '')).toBe(true);
  });
  it('reads a Drive query as Drive does: or, not and parentheses; orderBy with a fullText term anywhere is 403', async () => {
    const scope = 'openid https://www.googleapis.com/auth/drive.readonly';
    const code = new URL(await fake.consent(authUrl({ scope }))).searchParams.get('code') ?? '';
    const { body } = await exchange(code, verifier);
    const list = async (q: string, orderBy?: string) => {
      const url = new URL(`${fake.url}/drive/v3/files`);
      url.searchParams.set('q', q);
      if (orderBy) url.searchParams.set('orderBy', orderBy);
      const response = await fetch(url, { headers: { Authorization: `Bearer ${body.access_token}` } });
      const json = (await response.json()) as { files?: { name: string }[]; error?: { message: string } };
      return { status: response.status, names: json.files?.map((file) => file.name), error: json.error };
    };
    const either = "trashed = false and (name contains 'budget' or fullText contains 'glycerin')";
    expect(await list(either)).toMatchObject({
      status: 200,
      names: ['Q4 Budget', 'Glycerin safety data sheet.pdf'],
    });
    const sorted = await list(either, 'modifiedTime desc');
    expect(sorted.status).toBe(403);
    expect(sorted.error?.message).toMatch(/^Sorting is not supported for queries with fullText terms/);
    expect((await list("not fullText contains 'budget'", 'modifiedTime desc')).status).toBe(403);
    // The words inside a quoted value are data, not a fullText term.
    expect(await list("name contains 'fullText contains x'", 'modifiedTime desc')).toMatchObject({
      status: 200,
      names: [],
    });
    expect((await list("mimeType = 'application/pdf' and not name contains 'budget'")).names).toEqual([
      'Glycerin safety data sheet.pdf',
    ]);
    for (const invalid of ["name contains 'x", "fullText = 'x'", "(name contains 'x'", "owner contains 'x'"])
      expect((await list(invalid)).status, invalid).toBe(400);
  });
});
