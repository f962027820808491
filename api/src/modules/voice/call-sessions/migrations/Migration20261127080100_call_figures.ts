import { Migration } from '@mikro-orm/migrations';

/**
 * What a call measured (latency per turn, barge-ins, tools, tokens, Twilio's minutes and price, the
 * cost estimate), one row per call session and deleted with it: figures follow the call's retention
 * (the usage ledger keeps the month's totals).
 */
export class Migration20261127080100_call_figures extends Migration {
  override up(): void {
    this.addSql(`create table "call_session_figures" (
      "call_session_id" uuid primary key references "call_session" ("id") on delete cascade,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "figures" jsonb not null check (jsonb_typeof("figures") = 'object'),
      "cost_usd" numeric null,
      "twilio_call_sid" text null,
      "twilio_price_usd" numeric null,
      "recorded_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "call_session_figures_unpriced_index" on "call_session_figures" ("recorded_at") where "twilio_call_sid" is not null and "twilio_price_usd" is null;`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "call_session_figures";');
  }
}
