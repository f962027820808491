import { runScoped, tenantSql, userSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

type Owner = { tenantId: string; userId: string };

const OWN_NUMBERS_SQL = userSql(`
  select e164, verified_at is not null as verified from phone_own_number
  where tenant_id = $1 and user_id = $2 order by created_at, e164`);

const REMOVE_OTHERS_SQL = userSql(`
  delete from phone_own_number where tenant_id = $1 and user_id = $2 and not (e164 = any($3::text[]))`);

const VERIFIED_HOLDER_SQL = tenantSql(`
  select user_id from phone_own_number where tenant_id = $1 and e164 = $2 and verified_at is not null`);

const ADD_NUMBER_SQL = userSql(`
  insert into phone_own_number (tenant_id, user_id, e164) values ($1, $2, $3) on conflict do nothing`);

// A new code replaces the one before and its attempts; a number already verified keeps its proof.
const NEW_CODE_SQL = userSql(`
  update phone_own_number set code_hash = $4, code_sent_at = now(), code_attempts = 0
  where tenant_id = $1 and user_id = $2 and e164 = $3 and verified_at is null
  returning e164`);

const NEW_DAY = `phone_access.code_texts_since is null or phone_access.code_texts_since < now() - interval '1 day'`;

// Counted in the statement that allows it, so parallel requests cannot all send.
const COUNT_CODE_TEXT_SQL = userSql(`
  insert into phone_access (user_id, tenant_id, code_texts, code_texts_since) values ($2, $1, 1, now())
  on conflict (user_id) do update set
    code_texts = case when ${NEW_DAY} then 1 else phone_access.code_texts + 1 end,
    code_texts_since = case when ${NEW_DAY} then now() else phone_access.code_texts_since end
  where phone_access.tenant_id = $1 and phone_access.user_id = $2 and (${NEW_DAY} or phone_access.code_texts < $3)
  returning code_texts`);

const LAST_CODE_SENT_SQL = userSql(`
  select extract(epoch from now() - code_sent_at) as seconds_ago from phone_own_number
  where tenant_id = $1 and user_id = $2 and e164 = $3 and code_sent_at is not null`);

// The attempt is counted in the same statement that hands out the hash: parallel guesses cannot all be checked.
const COUNT_CODE_ATTEMPT_SQL = userSql(`
  update phone_own_number set code_attempts = code_attempts + 1
  where tenant_id = $1 and user_id = $2 and e164 = $3 and verified_at is null and code_hash is not null
    and code_attempts < $4 and code_sent_at > now() - make_interval(mins => $5)
  returning code_hash`);

const MARK_VERIFIED_SQL = userSql(`
  update phone_own_number set verified_at = now(), code_hash = null
  where tenant_id = $1 and user_id = $2 and e164 = $3 and verified_at is null`);

/** The user's own numbers, each with whether the texted code was entered. */
export async function ownNumbersOf(db: Queryable, owner: Owner) {
  return runScoped<{ e164: string; verified: boolean }>(db, owner, OWN_NUMBERS_SQL);
}

/** Forgets the user's numbers not in `keep`. */
export async function removeOtherNumbers(db: Queryable, owner: Owner, keep: string[]): Promise<void> {
  await runScoped(db, owner, REMOVE_OTHERS_SQL, [keep]);
}

/** The user of the tenant whose verified own number this is, if any. */
export async function verifiedHolderOf(db: Queryable, tenantId: string, e164: string) {
  const rows = await runScoped<{ user_id: string }>(db, { tenantId }, VERIFIED_HOLDER_SQL, [e164]);
  return rows[0]?.user_id;
}

/** Counts one code text for the user; false when they had `max` today already. */
export async function countCodeText(db: Queryable, owner: Owner, max: number): Promise<boolean> {
  return (await runScoped(db, owner, COUNT_CODE_TEXT_SQL, [max])).length > 0;
}

/** Seconds since the last code was texted to the number for this user; undefined if none was. */
export async function secondsSinceCode(db: Queryable, owner: Owner, e164: string) {
  const rows = await runScoped<{ seconds_ago: string }>(db, owner, LAST_CODE_SENT_SQL, [e164]);
  return rows[0] ? Number(rows[0].seconds_ago) : undefined;
}

/** Adds the number, unverified: it counts once the code texted to it is entered. */
export async function addOwnNumber(db: Queryable, owner: Owner, e164: string): Promise<void> {
  await runScoped(db, owner, ADD_NUMBER_SQL, [e164]);
}

/** Keeps the hash of the code just texted (replacing any before); false when the number is verified or gone. */
export async function storeNumberCode(
  db: Queryable,
  owner: Owner,
  e164: string,
  codeHash: string,
): Promise<boolean> {
  return (await runScoped(db, owner, NEW_CODE_SQL, [e164, codeHash])).length > 0;
}

/** Counts one code attempt; the stored hash, or undefined when no code is live or attempts ran out. */
export async function countCodeAttempt(
  db: Queryable,
  owner: Owner,
  e164: string,
  limits: { max: number; minutes: number },
): Promise<string | undefined> {
  const rows = await runScoped<{ code_hash: string }>(db, owner, COUNT_CODE_ATTEMPT_SQL, [
    e164,
    limits.max,
    limits.minutes,
  ]);
  return rows[0]?.code_hash;
}

/** The number is the user's own from now on (refused by the unique index if another user verified it first). */
export async function markVerified(db: Queryable, owner: Owner, e164: string): Promise<void> {
  await runScoped(db, owner, MARK_VERIFIED_SQL, [e164]);
}
