import { DEFAULT_AGENT_ID, SYSTEM_PROFILE_ID } from '@annie/contracts/voice-profiles';
import { runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

/** A voice profile as the engines' comparison names it: its stored id, and its id in the profile list. */
export type CallProfile = { id: string; listId: string; name: string; isDefault: boolean };

// The default agent's default profile, or the profile `$2` names: its UUID, or the system profile's id
// as the profile list names it (the text compare keeps a malformed id from failing the uuid cast).
const CALL_PROFILE_SQL = tenantSql(`
  select id, case when is_system then $4 else id::text end as "listId", name, is_default as "isDefault"
    from voice_profile
   where tenant_id = $1 and agent_id = $3
     and case when $2::text is null then is_default
              when $2::text = $4 then is_system
              else id::text = lower($2::text) end
   limit 1`);

/**
 * The tenant's profile `id` names (the profile list's ids), or with no id its default profile; null when
 * the tenant has no such profile (another tenant's id is none of theirs).
 */
export async function findCallProfile(
  db: Queryable,
  tenantId: string,
  id: string | null,
): Promise<CallProfile | null> {
  const rows = await runScoped<CallProfile>(db, { tenantId }, CALL_PROFILE_SQL, [
    id,
    DEFAULT_AGENT_ID,
    SYSTEM_PROFILE_ID,
  ]);
  return rows[0] ?? null;
}
