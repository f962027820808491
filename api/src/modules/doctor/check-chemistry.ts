import type { ProviderCheck } from '@annie/contracts/doctor';
import type { AppConfig } from '../../config/env.ts';
import { AgtClient } from '../../providers/agt/agt-client.ts';
import { supplierSearchRoute } from '../../providers/agt/agt-routes.ts';
import {
  DOCTOR_TIMEOUT_MS,
  errorText,
  failed,
  notConfigured,
  passed,
  providerResult,
} from './doctor-check.ts';

const LABEL = 'Chemistry provider';

/** One harmless read (a supplier search for water) with the configured key: reachable and accepted. */
export async function checkChemistry(
  config: Pick<AppConfig, 'AGT_BASE_URL' | 'AGT_API_KEY' | 'AGT_MAX_RESPONSE_BYTES'>,
): Promise<ProviderCheck> {
  if (!config.AGT_BASE_URL) {
    return notConfigured('chemistry', LABEL, 'AGT_BASE_URL is not set: lab jobs and chemistry tools fail');
  }
  if (!config.AGT_API_KEY)
    return providerResult('chemistry', LABEL, [failed('settings', 'AGT_API_KEY is not set')]);
  const client = new AgtClient({
    baseUrl: config.AGT_BASE_URL,
    apiKey: config.AGT_API_KEY,
    timeoutMs: DOCTOR_TIMEOUT_MS,
    maxResponseBytes: config.AGT_MAX_RESPONSE_BYTES,
  });
  const route = supplierSearchRoute('water');
  if (!route) throw new Error('the supplier search route refused a plain name');
  try {
    await client.call({ route });
    return providerResult('chemistry', LABEL, [
      passed('key', `${new URL(config.AGT_BASE_URL).host} answered and accepted the key`),
    ]);
  } catch (error) {
    return providerResult('chemistry', LABEL, [failed('key', errorText(error))]);
  }
}
