import type { ProviderCheck } from '@annie/contracts/doctor';
import type { AppConfig } from '../../config/env.ts';
import { googleConfigFromEnv } from '../../providers/google/google-config.ts';
import { GoogleOAuth } from '../../providers/google/google-oauth.ts';
import {
  DOCTOR_TIMEOUT_MS,
  errorText,
  failed,
  notConfigured,
  passed,
  providerResult,
} from './doctor-check.ts';

type GoogleSettings = Pick<
  AppConfig,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_TOKEN_KEY'
  | 'PUBLIC_URL'
  | 'GOOGLE_API_ROOT_URL'
  | 'GOOGLE_OAUTH_BASE_URL'
  | 'GOOGLE_TOOL_TIMEOUT_MS'
>;

const LABEL = 'Google Workspace';
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The client id and secret, asked of Google's token endpoint with a code that cannot exist: Google
 * answers `invalid_grant` once it has accepted the client, `invalid_client` when it does not know it.
 */
async function checkClient(oauth: GoogleOAuth) {
  const client = await oauth.client();
  try {
    await client.getToken({ code: 'annie-doctor-check', codeVerifier: 'a'.repeat(43) });
    return passed('client', 'accepted');
  } catch (error) {
    const data = (error as { response?: { data?: { error?: string; error_description?: string } } }).response
      ?.data;
    if (data?.error === 'invalid_grant')
      return passed('client', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET accepted');
    if (data?.error)
      return failed('client', `Google answered ${data.error}: ${data.error_description ?? ''}`.trim());
    return failed('client', errorText(error));
  }
}

/** The OAuth client (live), the redirect URI to register, and the key that encrypts refresh tokens. */
export async function checkGoogle(config: GoogleSettings): Promise<ProviderCheck> {
  if (!config.GOOGLE_CLIENT_ID && !config.GOOGLE_CLIENT_SECRET) {
    return notConfigured(
      'google',
      LABEL,
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set: no Workspace tools',
    );
  }
  const provider = googleConfigFromEnv({ ...config, GOOGLE_TOOL_TIMEOUT_MS: DOCTOR_TIMEOUT_MS });
  if (!provider)
    return providerResult('google', LABEL, [failed('settings', 'PUBLIC_URL is required with Google')]);
  const redirect = new URL(provider.redirectUri);
  const checks = [
    redirect.protocol === 'https:' || isLoopback(redirect)
      ? passed('redirect URI', `${provider.redirectUri} (register it in the OAuth client)`)
      : failed(
          'redirect URI',
          `${provider.redirectUri}: Google accepts only https redirect URIs off localhost`,
        ),
    config.GOOGLE_TOKEN_KEY
      ? passed('token key', 'GOOGLE_TOKEN_KEY is 32 bytes: refresh tokens are encrypted')
      : failed('token key', 'GOOGLE_TOKEN_KEY is not set'),
  ];
  const timeout = new Promise<ProviderCheck['checks'][number]>((resolve) =>
    setTimeout(
      () => resolve(failed('client', `no answer within ${DOCTOR_TIMEOUT_MS / 1000} s`)),
      DOCTOR_TIMEOUT_MS,
    ).unref(),
  );
  checks.unshift(await Promise.race([checkClient(new GoogleOAuth(provider)), timeout]));
  return providerResult('google', LABEL, checks);
}
