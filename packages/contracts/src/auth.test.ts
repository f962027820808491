import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.ts';

describe('loginRequestSchema', () => {
  it('accepts a username and password', () => {
    expect(loginRequestSchema.parse({ username: 'ada', password: 'secret' })).toEqual({
      username: 'ada',
      password: 'secret',
    });
  });

  it('names the missing or empty field in its message', () => {
    const missing = loginRequestSchema.safeParse({ password: 'secret' });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['Username is required']);
    const empty = loginRequestSchema.safeParse({ username: 'ada', password: '' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Password is required']);
  });

  it('rejects unknown keys', () => {
    expect(loginRequestSchema.safeParse({ username: 'a', password: 'b', isAdmin: true }).success).toBe(false);
  });
});
