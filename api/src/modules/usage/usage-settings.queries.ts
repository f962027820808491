import type { UsageSettings } from '@annie/contracts/usage';
import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/transaction.ts';

/** A tenant that never saved its settings: US dollars, no budget, the default prices. */
export const DEFAULT_USAGE_SETTINGS: UsageSettings = {
  currency: 'USD',
  usdRate: 1,
  monthlyBudget: null,
  hardStop: false,
  prices: {},
};

const SELECT_SETTINGS_SQL = tenantSql(`
  select currency, usd_rate::float8 as "usdRate", monthly_budget::float8 as "monthlyBudget",
    hard_stop as "hardStop", prices
  from usage_settings where tenant_id = $1`);

const UPSERT_SETTINGS_SQL = tenantSql(`
  insert into usage_settings (tenant_id, currency, usd_rate, monthly_budget, hard_stop, prices, updated_at)
  values ($1, $2, $3, $4, $5, $6::jsonb, now())
  on conflict (tenant_id) do update set currency = excluded.currency, usd_rate = excluded.usd_rate,
    monthly_budget = excluded.monthly_budget, hard_stop = excluded.hard_stop, prices = excluded.prices,
    updated_at = now()`);

/** The tenant's usage settings, or the defaults. */
export async function readUsageSettings(db: Queryable, tenantId: string): Promise<UsageSettings> {
  const [row] = await runScoped<UsageSettings>(db, { tenantId }, SELECT_SETTINGS_SQL, []);
  return row ?? DEFAULT_USAGE_SETTINGS;
}

/** Replaces the tenant's usage settings. */
export async function writeUsageSettings(
  db: Queryable,
  tenantId: string,
  settings: UsageSettings,
): Promise<void> {
  await runScoped(db, { tenantId }, UPSERT_SETTINGS_SQL, [
    settings.currency,
    settings.usdRate,
    settings.monthlyBudget,
    settings.hardStop,
    JSON.stringify(settings.prices),
  ]);
}
