import { plainSql, runPlain, runScoped, tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/transaction.ts';

/**
 * One billable thing: a call, a drafted text (the model's tokens), a sent text (its segments), a typed
 * call's reply or a web search (tokens, and the search tool's fee).
 */
export type UsageEntry = {
  userId: string | null;
  channel: 'twilio' | 'webrtc' | 'web' | 'sms';
  kind: 'call' | 'draft' | 'text' | 'reply' | 'search';
  /** The call session, draft or message it measures (unique per tenant and kind). */
  sourceId: string;
  at: Date;
  seconds: number;
  segments: number;
  tokens: number;
  costUsd: number;
  /** The provider's id for it (a Twilio message SID) when its price is fetched later. */
  providerRef?: string | null;
};

/** An entry's values in the order of the ledger's insert statements ($2 on; $1 is the tenant). */
const entryValues = (entry: UsageEntry) => [
  entry.userId,
  entry.channel,
  entry.kind,
  entry.sourceId,
  entry.at,
  entry.seconds,
  entry.segments,
  entry.tokens,
  entry.costUsd,
  entry.providerRef ?? null,
];

// Recording the same source again (a retried job, Twilio's price arriving later) replaces its figures.
const UPSERT_ENTRY_SQL = tenantSql(`
  insert into usage_entry
    (tenant_id, user_id, channel, kind, source_id, at, seconds, segments, tokens, cost_usd, provider_ref)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  on conflict (tenant_id, kind, source_id) do update set seconds = excluded.seconds,
    segments = excluded.segments, tokens = excluded.tokens, cost_usd = excluded.cost_usd`);

/** Records (or re-records) one entry of the tenant's usage ledger. */
export async function recordUsageEntry(db: Queryable, tenantId: string, entry: UsageEntry): Promise<void> {
  await runScoped(db, { tenantId }, UPSERT_ENTRY_SQL, entryValues(entry));
}

const INSERT_NEW_ENTRY_SQL = tenantSql(`
  insert into usage_entry
    (tenant_id, user_id, channel, kind, source_id, at, seconds, segments, tokens, cost_usd, provider_ref)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
  on conflict (tenant_id, kind, source_id) do nothing
  returning source_id`);

/** Records an entry unless its source is already in the ledger (sample data, seeded once); true when new. */
export async function recordUsageEntryOnce(
  db: Queryable,
  tenantId: string,
  entry: UsageEntry,
): Promise<boolean> {
  const rows = await runScoped(db, { tenantId }, INSERT_NEW_ENTRY_SQL, entryValues(entry));
  return rows.length > 0;
}

// Entries whose provider price is still to come (a day at most), over every tenant: a sweep's work list.
const UNPRICED_SQL = `
  select tenant_id as "tenantId", source_id as "sourceId", provider_ref as "providerRef" from usage_entry
  where kind = $1 and provider_ref is not null and not provider_priced and at > now() - interval '1 day'
  order by at limit 50`;

/** Entries of `kind` waiting for their provider's price, oldest first. */
export async function unpricedUsageEntries(
  db: Queryable,
  kind: UsageEntry['kind'],
): Promise<{ tenantId: string; sourceId: string; providerRef: string }[]> {
  return (await db.query<{ tenantId: string; sourceId: string; providerRef: string }>(UNPRICED_SQL, [kind]))
    .rows;
}

const PROVIDER_PRICE_SQL = tenantSql(`
  update usage_entry set cost_usd = cost_usd + $4::numeric, provider_priced = true
  where tenant_id = $1 and kind = $2 and source_id = $3 and not provider_priced
  returning id`);

/** Adds the provider's price (USD) to an entry once; false when it already was. */
export async function applyProviderPrice(
  db: Queryable,
  tenantId: string,
  source: { kind: UsageEntry['kind']; sourceId: string },
  usd: number,
): Promise<boolean> {
  const rows = await runScoped(db, { tenantId }, PROVIDER_PRICE_SQL, [source.kind, source.sourceId, usd]);
  return rows.length > 0;
}

const ADD_COST_SQL = tenantSql(`
  update usage_entry set cost_usd = cost_usd + $4
  where tenant_id = $1 and kind = $2 and source_id = $3`);

/** Adds to an entry's cost (Twilio's price, known after the call). */
export async function addUsageCost(
  db: Queryable,
  tenantId: string,
  source: { kind: UsageEntry['kind']; sourceId: string },
  usd: number,
): Promise<void> {
  await runScoped(db, { tenantId }, ADD_COST_SQL, [source.kind, source.sourceId, usd]);
}

export type UsageAggregateRow = {
  period: string;
  userId: string | null;
  username: string | null;
  channel: 'twilio' | 'webrtc' | 'web' | 'sms';
  calls: number;
  minutes: number;
  seconds: number;
  texts: number;
  tokens: number;
  costUsd: number;
};

// Per period (day or month, UTC), user and channel; `$2` is 'day' or 'month', `$3`/`$4` the dates.
const AGGREGATE_SQL = tenantSql(`
  select to_char(date_trunc($2, e.at at time zone 'UTC'), case when $2 = 'day' then 'YYYY-MM-DD' else 'YYYY-MM' end) as period,
    e.user_id as "userId", u.username, e.channel,
    (count(*) filter (where e.kind = 'call'))::int as calls,
    round(coalesce(sum(e.seconds) filter (where e.kind = 'call'), 0) / 60, 2)::float8 as minutes,
    round(coalesce(sum(e.seconds) filter (where e.kind = 'call'), 0))::int as seconds,
    (count(*) filter (where e.kind = 'text'))::int as texts,
    coalesce(sum(e.tokens), 0)::float8 as tokens,
    coalesce(sum(e.cost_usd), 0)::float8 as "costUsd"
  from usage_entry e
  left join app_user u on u.id = e.user_id and u.tenant_id = $1
  where e.tenant_id = $1 and e.at >= $3::date and e.at < $4::date + 1
  group by 1, e.user_id, u.username, e.channel
  order by 1, u.username nulls last, e.channel`);

/** The tenant's usage between two dates (inclusive), summed per period, user and channel. */
export async function aggregateUsage(
  db: Queryable,
  tenantId: string,
  range: { by: 'day' | 'month'; from: string; to: string },
): Promise<UsageAggregateRow[]> {
  return runScoped<UsageAggregateRow>(db, { tenantId }, AGGREGATE_SQL, [range.by, range.from, range.to]);
}

const MONTH_SPEND_SQL = tenantSql(`
  select coalesce(sum(cost_usd), 0)::float8 as usd from usage_entry
  where tenant_id = $1 and at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`);

/** What the tenant has spent this calendar month (UTC), in USD. */
export async function monthSpendUsd(db: Queryable, tenantId: string): Promise<number> {
  const [row] = await runScoped<{ usd: number }>(db, { tenantId }, MONTH_SPEND_SQL, []);
  return row?.usd ?? 0;
}

const BUDGETS_SQL = plainSql(
  "a report over every tenant (like the doctor's): each tenant with a budget and this month's spend, in its currency",
  `select s.tenant_id as "tenantId", s.currency, s.monthly_budget::float8 as budget, s.hard_stop as "hardStop",
     coalesce((select sum(e.cost_usd) from usage_entry e where e.tenant_id = s.tenant_id
       and e.at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'), 0)::float8 * s.usd_rate::float8 as spent
   from usage_settings s where s.monthly_budget is not null`,
);

export type TenantBudget = {
  tenantId: string;
  currency: string;
  budget: number;
  hardStop: boolean;
  spent: number;
};

/** Every tenant with a monthly budget, and this month's spend converted to its currency. */
export function budgetsWithSpend(db: Queryable): Promise<TenantBudget[]> {
  return runPlain<TenantBudget>(db, BUDGETS_SQL);
}
