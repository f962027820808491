import { plainSql, runPlain } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

/** A profile that runs on GPT-Live, with the two models it names. */
export type LiveEngineModels = { tenantId: string; profile: string; liveModel: string; backendModel: string };

const LIVE_ENGINE_MODELS_SQL = plainSql(
  "the doctor checks every tenant's chosen models, each shown to its own tenant",
  `select tenant_id as "tenantId", name as profile,
          settings #>> '{live,model}' as "liveModel", settings #>> '{live,backendModel}' as "backendModel"
     from voice_profile
    where settings ->> 'engine' = 'live'
    order by tenant_id, name`,
);

/** Every profile on the GPT-Live engine, in every tenant, with its Live and backend models. */
export async function liveEngineModels(db: Queryable): Promise<LiveEngineModels[]> {
  return runPlain<LiveEngineModels>(db, LIVE_ENGINE_MODELS_SQL);
}
