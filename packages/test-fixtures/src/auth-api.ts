import type { AuthUser } from '@annie/contracts/auth';
import type { StubRoutes } from './fetch-stub.ts';

/** A signed-in user as GET /api/auth/user returns it: a regular user unless told otherwise (tests only). */
export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    username: 'ada',
    email: null,
    isAdmin: false,
    tenantId: 'default',
    ...overrides,
  };
}

/** The session route for tests of screens that ask who is signed in. */
export function authRoutes(user: AuthUser = authUser()): StubRoutes {
  return { 'GET /api/auth/user': { status: 200, body: user } };
}
