import { Migration } from '@mikro-orm/migrations';

// The defaults VOICE_PROFILE_DEFAULTS gives a new profile, as of this migration.
const ENGINE_DEFAULTS = {
  engine: 'realtime',
  engineSplitPercent: 0,
  live: { model: 'gpt-live-1.1', voice: 'marin', backendModel: 'gpt-6-luna', acknowledgementDelayMs: 800 },
};

/** The statements of `up`, exported so a test can run them over rows saved before engines existed. */
export const ENGINE_BACKFILL_SQL = ['voice_profile', 'voice_profile_version'].map(
  (table) => `update "${table}" set "settings" = '${JSON.stringify(ENGINE_DEFAULTS)}'::jsonb || "settings";`,
);

/**
 * A profile's engine (Realtime or GPT-Live) and its GPT-Live settings join its settings. Every saved
 * profile and every saved version keeps running on Realtime: the engine settings are added under what
 * it already holds, so a restored version is complete too.
 */
export class Migration20261129021500_voice_profile_engine extends Migration {
  override up(): void {
    for (const statement of ENGINE_BACKFILL_SQL) this.addSql(statement);
  }

  override down(): void {
    for (const table of ['voice_profile', 'voice_profile_version'])
      this.addSql(`update "${table}" set "settings" = "settings" - 'engine' - 'live';`);
  }
}
