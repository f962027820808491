import { errorMessage } from '@annie/api-client/http';
import { authUser } from '@annie/test-fixtures/auth-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './sign-in.ts';

const user = authUser({ email: 'ada@example.com', tenantId: 't1' });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signIn', () => {
  it('posts the credentials and stores the identity', async () => {
    const api = stubFetch({ 'POST /api/login': { status: 200, body: user } });
    await signIn({ username: 'ada', password: 'secret' });
    expect(api.requests().map(({ path, body }) => [path, body])).toEqual([
      ['/api/login', { username: 'ada', password: 'secret' }],
    ]);
    expect(localStorage.getItem('annie.userId')).toBe(user.id);
    expect(localStorage.getItem('annie.tenantId')).toBe('t1');
  });

  it("fails with the server's message and stores nothing on 401", async () => {
    const body = { message: 'Invalid username or password', code: 'invalid_credentials' };
    stubFetch({ 'POST /api/login': { status: 401, body } });
    const failure = await signIn({ username: 'ada', password: 'wrong' }).catch((error: unknown) => error);
    expect(errorMessage(failure, 'Login failed')).toBe('Invalid username or password');
    expect(localStorage.getItem('annie.userId')).toBeNull();
  });
});
