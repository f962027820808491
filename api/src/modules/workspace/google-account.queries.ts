import type { Pool } from '../../db/pool.ts';
import { runScoped, userSql } from '../../db/scoped-sql.ts';
import type { ConnectionOwner } from './google-connection.service.ts';

// The status check runs on every visit of /google and before voice sessions: one plain indexed query
// scoped to the user (the Google connection is personal), no entity hydrated.
const IS_CONNECTED_SQL = userSql(`
  select exists (
    select 1 from google_account
    where tenant_id = $1 and user_id = $2 and is_active and refresh_token_cipher is not null
  ) as connected`);

/** Whether the owner has an active account whose grant Google still accepted last time. */
export async function isConnected(pool: Pool, owner: ConnectionOwner): Promise<boolean> {
  const rows = await runScoped<{ connected: boolean }>(pool, owner, IS_CONNECTED_SQL);
  return rows[0]?.connected ?? false;
}
