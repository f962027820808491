import type { AppConfig } from '../../config/env.ts';
import { googleConfigFromEnv } from '../../providers/google/google-config.ts';
import { GoogleOAuth } from '../../providers/google/google-oauth.ts';
import { GoogleWorkspace } from '../../providers/google/google-workspace.ts';
import { TokenCipher } from '../../providers/google/token-cipher.ts';

/** Everything the workspace routes need from Google, present only when Google is configured. */
export type GoogleServices = { oauth: GoogleOAuth; workspace: GoogleWorkspace; cipher: TokenCipher };

// One set per app config, so the routes and server-side sessions (phone calls) share the client cache.
const built = new WeakMap<AppConfig, GoogleServices | undefined>();

/** The app's Google services (built once per config); undefined when GOOGLE_CLIENT_ID/SECRET are unset. */
export function googleServicesFor(config: AppConfig): GoogleServices | undefined {
  if (!built.has(config)) built.set(config, googleServicesFromConfig(config));
  return built.get(config);
}

function googleServicesFromConfig(config: AppConfig): GoogleServices | undefined {
  const google = googleConfigFromEnv(config);
  // env.ts refuses to start with Google configured and no key, so the key is there whenever google is.
  if (!google || !config.GOOGLE_TOKEN_KEY) return undefined;
  const oauth = new GoogleOAuth(google);
  return { oauth, workspace: new GoogleWorkspace(oauth), cipher: new TokenCipher(config.GOOGLE_TOKEN_KEY) };
}
