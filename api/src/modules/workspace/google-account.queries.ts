import type { Pool } from '../../db/pool.ts';
import type { ConnectionOwner } from './google-connection.service.ts';

// The status check runs on every visit of /google and before voice sessions: one plain indexed query
// naming the tenant and the user itself (raw SQL bypasses the ORM's tenant filter), no entity hydrated.
const IS_CONNECTED_SQL = `
  select exists (
    select 1 from google_account
    where tenant_id = $1 and user_id = $2 and is_active and refresh_token_cipher is not null
  ) as connected`;

/** Whether the owner has an active account whose grant Google still accepted last time. */
export async function isConnected(pool: Pool, owner: ConnectionOwner): Promise<boolean> {
  const { rows } = await pool.query<{ connected: boolean }>(IS_CONNECTED_SQL, [owner.tenantId, owner.userId]);
  return rows[0]?.connected ?? false;
}
