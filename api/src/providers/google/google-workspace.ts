import type { WorkspaceToolName, WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { GoogleApis } from './google-apis.ts';
import { type GoogleOAuth, isInvalidGrant } from './google-oauth.ts';
import { grantRequest, missingScopes, TOOL_SCOPES } from './google-scopes.ts';
import { GOOGLE_TOOL_IMPLEMENTATIONS } from './google-tools.ts';
import { capResult } from './result-cap.ts';

/**
 * Why a tool did not run: Google refused the grant for good, the grant lacks a scope the tool needs
 * (the user unticked it at consent), Google took too long, or answered an error.
 */
export class GoogleToolError extends Error {
  override name = 'GoogleToolError';
  readonly kind: 'invalid_grant' | 'insufficient_scope' | 'timeout' | 'google';

  constructor(kind: GoogleToolError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * The grant a tool runs on: a stable key for the access-token cache, the decrypted refresh token, and
 * where to store the new refresh token when Google rotated it (told after the tool, even one that failed).
 */
export type ToolGrant = {
  key: string;
  refreshToken: string;
  onRefreshTokenRotated: (refreshToken: string) => Promise<void>;
  /** The scopes Google granted (space-separated, as its token answer said); empty when not known. */
  scope?: string;
};

/** Whether Google refused a call because the token lacks the scope (403 ACCESS_TOKEN_SCOPE_INSUFFICIENT). */
function isInsufficientScope(error: unknown): boolean {
  const data = (error as { response?: { status?: number; data?: unknown } })?.response;
  if (data?.status !== 403) return false;
  const text = JSON.stringify(data.data ?? '');
  return text.includes('ACCESS_TOKEN_SCOPE_INSUFFICIENT') || text.includes('insufficientPermissions');
}

/**
 * One grant's clients. `refreshToken` follows Google's rotations; `replaced` is the token it last
 * rotated from, which callers that read it before the new one was stored may still present.
 */
type GrantClients = { refreshToken: string; replaced: string | null; apis: Promise<GoogleApis> };

const MESSAGE_MAX = 300;
const CLIENTS_KEPT = 1000;

/**
 * Runs the workspace tools for one grant. Each grant's OAuth client and API clients are kept in memory
 * (the most recent CLIENTS_KEPT grants), so a tool call builds no client and, until the access token
 * expires, makes no token request (google-auth-library refreshes it, and retries once on a 401).
 */
export class GoogleWorkspace {
  readonly #oauth: GoogleOAuth;
  readonly #now: () => Date;
  readonly #clients = new Map<string, GrantClients>();

  constructor(oauth: GoogleOAuth, now: () => Date = () => new Date()) {
    this.#oauth = oauth;
    this.#now = now;
  }

  /** Runs one tool; resolves with its compact, size-capped result or throws GoogleToolError. */
  async run<N extends WorkspaceToolName>(
    grant: ToolGrant,
    name: N,
    params: WorkspaceToolParams[N],
  ): Promise<unknown> {
    const missing = missingScopes(name, grant.scope ?? '');
    if (missing.length > 0) throw new GoogleToolError('insufficient_scope', grantRequest(missing));
    const { toolTimeoutMs } = this.#oauth.config;
    const signal = AbortSignal.timeout(toolTimeoutMs);
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () =>
        reject(new GoogleToolError('timeout', `Google did not answer within ${toolTimeoutMs} ms`)),
      );
    });
    const clients = this.#clientsFor(grant);
    const apis = await clients.apis;
    const context = { apis, call: { signal }, now: this.#now };
    const implementation = GOOGLE_TOOL_IMPLEMENTATIONS[name] as (
      c: typeof context,
      p: typeof params,
    ) => Promise<unknown>;
    try {
      return capResult(await Promise.race([implementation(context, params), timedOut]));
    } catch (error) {
      if (error instanceof GoogleToolError) throw error;
      if (isInvalidGrant(error)) {
        this.forget(grant.key);
        throw new GoogleToolError(
          'invalid_grant',
          'Google no longer accepts this account’s access: connect it again',
        );
      }
      if (isInsufficientScope(error))
        throw new GoogleToolError('insufficient_scope', grantRequest(TOOL_SCOPES[name]));
      if (signal.aborted)
        throw new GoogleToolError('timeout', `Google did not answer within ${toolTimeoutMs} ms`);
      const message = error instanceof Error ? error.message : String(error);
      throw new GoogleToolError('google', message.slice(0, MESSAGE_MAX));
    } finally {
      if (clients.refreshToken !== grant.refreshToken)
        await grant.onRefreshTokenRotated(clients.refreshToken);
    }
  }

  /** The grant's clients: kept while its refresh token is unchanged (or rotated), most recently used last. */
  #clientsFor(grant: ToolGrant): GrantClients {
    const kept = this.#clients.get(grant.key);
    this.#clients.delete(grant.key);
    const current =
      kept && (kept.refreshToken === grant.refreshToken || kept.replaced === grant.refreshToken);
    const entry = current ? kept : this.#makeClients(grant.refreshToken);
    this.#clients.set(grant.key, entry);
    const oldest = this.#clients.keys().next().value;
    if (this.#clients.size > CLIENTS_KEPT && oldest !== undefined) this.#clients.delete(oldest);
    return entry;
  }

  #makeClients(refreshToken: string): GrantClients {
    const entry: GrantClients = {
      refreshToken,
      replaced: null,
      apis: this.#makeApis(refreshToken, (rotated) => {
        entry.replaced = entry.refreshToken;
        entry.refreshToken = rotated;
      }),
    };
    return entry;
  }

  async #makeApis(refreshToken: string, rotated: (next: string) => void): Promise<GoogleApis> {
    // Loaded on first use, like the OAuth library: the five API clients are most of the SDK's weight.
    const { googleApis } = await import('./google-apis.ts');
    return googleApis(
      await this.#oauth.client({ refresh_token: refreshToken }, rotated),
      this.#oauth.config.apiRootUrl,
    );
  }

  /** Drops a grant's clients and access token (on disconnect or when Google refused it). */
  forget(key: string): void {
    this.#clients.delete(key);
  }
}
