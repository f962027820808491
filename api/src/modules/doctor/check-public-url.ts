import type { ProviderCheck } from '@annie/contracts/doctor';
import { remoteRegistryResponseSchema } from '@annie/contracts/remote-registry';
import { readRemoteRegistry } from '@annie/contracts/remote-registry-routes';
import type { AppConfig } from '../../config/env.ts';
import {
  DOCTOR_TIMEOUT_MS,
  errorText,
  failed,
  notConfigured,
  passed,
  providerResult,
} from './doctor-check.ts';

const LABEL = 'PUBLIC_URL';

/** The address webhooks and links use answers as this app: the remote registry (GET) from outside, over it. */
export async function checkPublicUrl(config: Pick<AppConfig, 'PUBLIC_URL'>): Promise<ProviderCheck> {
  if (!config.PUBLIC_URL) {
    return notConfigured(
      'public_url',
      LABEL,
      'PUBLIC_URL is not set: Twilio and Google cannot reach this app',
    );
  }
  const url = new URL(readRemoteRegistry.path, config.PUBLIC_URL);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOCTOR_TIMEOUT_MS), redirect: 'manual' });
    const isAnnie =
      response.ok && remoteRegistryResponseSchema.safeParse(await response.json().catch(() => null)).success;
    return providerResult('public_url', LABEL, [
      isAnnie
        ? passed('reachable', `${url.origin} answers as this app`)
        : failed('reachable', `${url.origin} answered ${response.status}, not as this app`),
    ]);
  } catch (error) {
    return providerResult('public_url', LABEL, [failed('reachable', `${url.origin}: ${errorText(error)}`)]);
  }
}
