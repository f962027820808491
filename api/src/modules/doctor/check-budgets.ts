import type { ProviderCheck } from '@annie/contracts/doctor';
import type { Queryable } from '../../db/sql-text.ts';
import { budgetWarnings } from '../usage/index.ts';

/**
 * A tenant at 80 % of its monthly budget is told so under OpenAI (where the spend mostly goes), as a
 * check of that tenant only. It passes: a spent budget is the tenant's choice, not a provider failing.
 */
export async function withBudgetWarnings(
  providers: ProviderCheck[],
  db: Queryable,
): Promise<ProviderCheck[]> {
  const warnings = await budgetWarnings(db).catch(() => []);
  if (warnings.length === 0) return providers;
  return providers.map((provider) =>
    provider.provider !== 'openai'
      ? provider
      : {
          ...provider,
          checks: [
            ...provider.checks,
            ...warnings.map(({ tenantId, detail }) => ({ name: 'usage budget', ok: true, detail, tenantId })),
          ],
        },
  );
}
