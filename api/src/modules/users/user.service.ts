import { USERNAME_MAX_LENGTH } from '@annie/contracts/auth-limits';
import type { EntityManager } from '@mikro-orm/postgresql';
import { endSessionsOf } from '../../http/session-user.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { Tenant } from '../tenants/index.ts';
import { User } from './user.entity.ts';

export type NewUser = {
  username: string;
  password: string;
  email?: string | null;
  isAdmin?: boolean;
  tenantId?: string;
};

export const DEFAULT_TENANT_ID = 'default';
const MIN_PASSWORD_LENGTH = 8;

// Users are looked up across tenants only here (login, operator commands); tenant filters do not apply.
const GLOBAL = { filters: false } as const;

/** Creates a user (and its tenant when new); usernames are unique regardless of case. */
export async function createUser(em: EntityManager, input: NewUser): Promise<User> {
  assertUsername(input.username);
  assertPassword(input.password);
  const tenantId = input.tenantId ?? DEFAULT_TENANT_ID;
  const existing = await findUserByUsername(em, input.username);
  if (existing) throw conflict(`User ${input.username} already exists`);
  if (!(await em.findOne(Tenant, { id: tenantId }, GLOBAL))) {
    em.create(Tenant, { id: tenantId, name: tenantId });
    // tenantId is a plain column, not a relation, so the unit of work cannot order the inserts itself.
    await em.flush();
  }
  const user = em.create(User, {
    tenantId,
    username: input.username,
    email: input.email ?? null,
    isAdmin: input.isAdmin ?? false,
    passwordHash: await hashPassword(input.password),
  });
  await em.flush();
  return user;
}

/** Replaces a user's password and ends their sessions. */
export async function setPassword(em: EntityManager, username: string, password: string): Promise<User> {
  assertPassword(password);
  const user = await findUserByUsername(em, username);
  if (!user) throw notFound(`No user named ${username}`);
  user.passwordHash = await hashPassword(password);
  await em.flush();
  await endSessionsOf(em, user.id);
  return user;
}

export function findUserByUsername(em: EntityManager, username: string): Promise<User | null> {
  return em.findOne(User, { username: { $ilike: escapeLike(username) } }, GLOBAL);
}

export function listUsers(em: EntityManager): Promise<User[]> {
  return em.find(User, {}, { ...GLOBAL, orderBy: { tenantId: 'asc', username: 'asc' } });
}

export function countUsers(em: EntityManager): Promise<number> {
  return em.count(User, {}, GLOBAL);
}

function assertUsername(username: string): void {
  if (!username) throw badRequest('Username is required');
  if (username.length > USERNAME_MAX_LENGTH) {
    throw badRequest(`Username must be at most ${USERNAME_MAX_LENGTH} characters`);
  }
}

function assertPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
