import {
  complianceCheckPayloadSchema,
  formulatePayloadSchema,
  greenScorePayloadSchema,
  type LabJobType,
  type SupplierSearchPayload,
  supplierSearchPayloadSchema,
} from '@annie/contracts/lab';
import { type AgtCall, type AgtClient, AgtError } from '../../providers/agt/agt-client.ts';
import { supplierSearchRoute } from '../../providers/agt/agt-routes.ts';

type CallOptions = Pick<AgtCall, 'idempotencyKey' | 'signal'>;

function supplierQuery(criteria: SupplierSearchPayload['criteria']): URLSearchParams | undefined {
  if (!criteria) return undefined;
  const query = new URLSearchParams();
  if (criteria.region) query.set('region', criteria.region);
  for (const certification of criteria.certifications ?? []) query.append('certification', certification);
  if (criteria.max_lead_time_days) query.set('max_lead_time_days', String(criteria.max_lead_time_days));
  return query.size > 0 ? query : undefined;
}

/**
 * Runs a lab job against the provider: formulate → POST /formulation/generate, compliance_check →
 * POST /compliance/check, green_score → POST /green-score/calculate, supplier_search →
 * GET /suppliers/search/{chemical_name} (criteria as query parameters). The stored payload is parsed
 * again, so a job that could not have been created today fails instead of reaching the provider.
 */
export function callProviderFor(
  agt: AgtClient,
  type: LabJobType,
  payload: unknown,
  options: CallOptions,
): Promise<unknown> {
  switch (type) {
    case 'formulate':
      return agt.call({
        route: { method: 'POST', path: '/formulation/generate' },
        body: formulatePayloadSchema.parse(payload),
        ...options,
      });
    case 'compliance_check':
      return agt.call({
        route: { method: 'POST', path: '/compliance/check' },
        body: complianceCheckPayloadSchema.parse(payload),
        ...options,
      });
    case 'green_score':
      return agt.call({
        route: { method: 'POST', path: '/green-score/calculate' },
        body: greenScorePayloadSchema.parse(payload),
        ...options,
      });
    case 'supplier_search': {
      const { chemical, criteria } = supplierSearchPayloadSchema.parse(payload);
      const route = supplierSearchRoute(chemical);
      if (!route)
        throw new AgtError('rejected', 'The chemical name cannot be searched', { transient: false });
      return agt.call({ route, query: supplierQuery(criteria), ...options });
    }
  }
}
