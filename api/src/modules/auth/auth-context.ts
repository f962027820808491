import type { EntityManager } from '@mikro-orm/postgresql';

/** Who is calling, as the server knows it from the session (never from client headers). */
export type AuthContext = { userId: string; tenantId: string; username: string; isAdmin: boolean };

/** What every request carries in `ctx.state`. */
export type AppState = { em: EntityManager; auth?: AuthContext; requestId: string };
