import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleFakeApis, type GoogleFakeWrites } from './google-fake-apis.ts';
import { FAKE_GOOGLE_ACCOUNT, type FakeAccount, startOfDayUtc } from './google-fake-data.ts';
import { type FakeReply, GoogleFakeOAuth, type TokenRequest } from './google-fake-oauth.ts';

export { FAKE_GOOGLE_ACCOUNT, type FakeAccount } from './google-fake-data.ts';

/** One API request the fake received (OAuth endpoints included), in arrival order. */
export type GoogleFakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** performance.now() when the request had arrived whole, and when its answer was written (benchmarks). */
  receivedAt?: number;
  answeredAt?: number;
  /** The HTTP status the fake answered with. */
  status?: number;
};

const AUTH = 'https://www.googleapis.com/auth/';

/** The scopes any one of which lets a request through, per endpoint (as each API's reference lists them). */
function scopesFor(method: string, path: string): string[] | undefined {
  if (path === '/oauth2/v2/userinfo') return ['userinfo.email', 'userinfo.profile'];
  if (path === '/gmail/v1/users/me/messages/send') return ['gmail.send', 'gmail.compose', 'gmail.modify'];
  if (path.startsWith('/gmail/')) return ['gmail.readonly', 'gmail.modify', 'gmail.metadata'];
  if (path.startsWith('/calendar/')) return ['calendar.events', 'calendar'];
  if (path.startsWith('/drive/'))
    return method === 'GET'
      ? ['drive.metadata.readonly', 'drive.readonly', 'drive', 'drive.file']
      : ['drive.file', 'drive'];
  if (path.startsWith('/v4/spreadsheets')) return ['spreadsheets', 'drive', 'drive.file'];
  if (path.startsWith('/v1/documents')) return ['documents', 'drive', 'drive.file'];
  return undefined;
}

/** Google's answer to a token without any scope the endpoint accepts (the user unticked it at consent). */
const insufficientScopes: FakeReply = {
  status: 403,
  json: {
    error: {
      code: 403,
      message: 'Request had insufficient authentication scopes.',
      errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
      status: 'PERMISSION_DENIED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
        },
      ],
    },
  },
};

/** Gmail's answer when one user has too many requests in flight at once. */
const TOO_MANY_CONCURRENT = 'Too many concurrent requests for user';
const tooManyConcurrent: FakeReply = {
  status: 429,
  json: {
    error: {
      code: 429,
      message: TOO_MANY_CONCURRENT,
      errors: [{ message: TOO_MANY_CONCURRENT, domain: 'global', reason: 'rateLimitExceeded' }],
      status: 'RESOURCE_EXHAUSTED',
    },
  },
};
/**
 * Gmail's per-user concurrency limit. Google does not publish the figure; 10 is the order at which
 * parallel messages.get fan-outs are reported to get 429 "Too many concurrent requests for user".
 */
export const GMAIL_CONCURRENT_REQUESTS_PER_USER = 10;
// How long the fake takes over a Gmail request, so that requests sent at once are in flight together.
const GMAIL_SERVICE_MS = 20;

export type GoogleFake = {
  /** The one origin standing in for accounts.google.com, oauth2.googleapis.com and every API host. */
  url: string;
  /** The client the fake accepts. */
  clientId: string;
  clientSecret: string;
  /** OAuth endpoints to give google-auth-library's `endpoints` option. */
  endpoints: { oauth2AuthBaseUrl: string; oauth2TokenUrl: string; oauth2RevokeUrl: string };
  /** Midnight UTC of the day the data is laid out from. */
  today: number;
  received: GoogleFakeRequest[];
  tokenRequests: TokenRequest[];
  revocations: string[];
  writes: GoogleFakeWrites;
  /** The account the next consent signs in as. */
  setAccount: (account: FakeAccount) => void;
  /** Lifetime of the access tokens issued from now on. */
  setAccessTokenTtl: (seconds: number) => void;
  expireAccessTokens: () => void;
  revokeAllGrants: () => void;
  isGrantActive: (refreshToken: string) => boolean;
  /** From now on (or until turned off), each refresh answers a new refresh token and retires the old. */
  rotateRefreshTokens: (on: boolean) => void;
  /** The next `times` revocations answer 503 and revoke nothing. */
  failRevocations: (times: number) => void;
  /** The next `times` API calls (not OAuth) fail with this Google error. */
  failApis: (status: number, message: string, times?: number) => void;
  /** API calls wait this long before answering (0: off). */
  delayApis: (ms: number) => void;
  /** A Meet conference asked for at insert stays `pending` through this many events.get reads (default 0). */
  setConferencePendingReads: (reads: number) => void;
  /** How a pending Meet conference ends once those reads are done: with its link, or `failure` (none). */
  setConferenceOutcome: (outcome: 'success' | 'failure') => void;
  /**
   * Plays the consent page like a browser: returns the URL Google sends the user back to. `withhold`
   * lists scopes the user unticked on the granular consent screen (full URLs).
   */
  consent: (authUrl: string, decision?: 'allow' | 'deny', withhold?: string[]) => Promise<string>;
  close: () => Promise<void>;
};

export type GoogleFakeOptions = {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Lays the data out from this instant's day instead of today's. */
  now?: number;
};

function write(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  if ('location' in reply) {
    res.writeHead(302, { Location: reply.location });
    return void res.end();
  }
  if ('html' in reply) {
    res.writeHead(reply.status, { 'Content-Type': 'text/html; charset=utf-8' });
    return void res.end(reply.html);
  }
  res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(reply.json));
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts a loopback fake of Google: OAuth consent (PKCE S256), token, refresh and revoke endpoints,
 * userinfo, and the Gmail, Calendar, Drive, Sheets and Docs endpoints the workspace tools use.
 */
export async function startGoogleFake(options: GoogleFakeOptions = {}): Promise<GoogleFake> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const today = startOfDayUtc(options.now ?? Date.now());
  const oauth = new GoogleFakeOAuth({ id: clientId, secret: clientSecret }, FAKE_GOOGLE_ACCOUNT);
  const apis = new GoogleFakeApis(today);
  const received: GoogleFakeRequest[] = [];
  let failure: { status: number; message: string; remaining: number } | undefined;
  let delayMs = 0;
  const gmailInFlight = new Map<string, number>();

  const route = (request: GoogleFakeRequest, authorization: string | undefined): FakeReply => {
    const { method, path, query, body } = request;
    // For tests in another process (e2e): what the fake saw, without any token.
    if (method === 'GET' && path === '/__fake/state') {
      const grants = oauth.tokenRequests.map(({ grantType, status }) => ({ grantType, status }));
      return { status: 200, json: { revocations: oauth.revocations.length, tokenRequests: grants } };
    }
    if (method === 'GET' && path === '/o/oauth2/v2/auth') return oauth.consentPage(query);
    if (method === 'GET' && path === '/o/oauth2/v2/approve') return oauth.decide(query);
    if (method === 'POST' && path === '/token')
      return oauth.token((body ?? {}) as Record<string, string>, authorization);
    if (method === 'POST' && path === '/revoke')
      return oauth.revoke(query.get('token') ?? String((body as { token?: string })?.token ?? ''));
    const account = oauth.bearer(authorization);
    const unauthenticated = 'Request had invalid authentication credentials.';
    if (!account)
      return {
        status: 401,
        json: { error: { code: 401, message: unauthenticated, status: 'UNAUTHENTICATED' } },
      };
    const needed = scopesFor(method, path);
    const granted = oauth.grantedScopes(authorization);
    if (needed && !needed.some((scope) => granted.includes(`${AUTH}${scope}`))) return insufficientScopes;
    if (failure && failure.remaining > 0) {
      failure.remaining -= 1;
      return { status: failure.status, json: { error: { code: failure.status, message: failure.message } } };
    }
    return (
      apis.handle(request, account) ?? { status: 404, json: { error: { code: 404, message: 'Not Found' } } }
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://google.invalid');
      const request: GoogleFakeRequest = {
        receivedAt: performance.now(),
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: parseBody(Buffer.concat(chunks).toString('utf8'), req.headers['content-type']),
      };
      received.push(request);
      const user = url.pathname.startsWith('/gmail/')
        ? oauth.bearer(req.headers.authorization)?.sub
        : undefined;
      const inFlight = user ? (gmailInFlight.get(user) ?? 0) : 0;
      const reply =
        user && inFlight >= GMAIL_CONCURRENT_REQUESTS_PER_USER
          ? tooManyConcurrent
          : route(request, req.headers.authorization);
      request.status = reply.status;
      res.on('finish', () => {
        request.answeredAt = performance.now();
      });
      let wait = delayMs;
      if (user && reply !== tooManyConcurrent) {
        gmailInFlight.set(user, inFlight + 1);
        res.on('close', () => gmailInFlight.set(user, (gmailInFlight.get(user) ?? 1) - 1));
        wait = Math.max(wait, GMAIL_SERVICE_MS);
      }
      const isApi = !['/o/oauth2/v2/auth', '/o/oauth2/v2/approve', '/token', '/revoke'].includes(
        url.pathname,
      );
      if (!isApi || wait === 0) return write(res, reply);
      const timer = setTimeout(() => write(res, reply), wait);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const base = `http://${address}:${port}`;

  return {
    url: base,
    clientId,
    clientSecret,
    endpoints: {
      oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${base}/token`,
      oauth2RevokeUrl: `${base}/revoke`,
    },
    today,
    received,
    tokenRequests: oauth.tokenRequests,
    revocations: oauth.revocations,
    writes: apis.writes,
    setAccount: (account) => {
      oauth.account = account;
    },
    setAccessTokenTtl: (seconds) => {
      oauth.accessTokenTtlSeconds = seconds;
    },
    expireAccessTokens: () => oauth.expireAccessTokens(),
    revokeAllGrants: () => oauth.revokeAllGrants(),
    isGrantActive: (refreshToken) => oauth.isGrantActive(refreshToken),
    rotateRefreshTokens: (on) => {
      oauth.rotateRefreshTokens = on;
    },
    failRevocations: (times) => {
      oauth.revokeFailures = times;
    },
    failApis: (status, message, times = 1) => {
      failure = { status, message, remaining: times };
    },
    setConferencePendingReads: (reads) => {
      apis.conferencePendingReads = reads + 1;
    },
    setConferenceOutcome: (outcome) => {
      apis.conferenceOutcome = outcome;
    },
    delayApis: (ms) => {
      delayMs = ms;
    },
    async consent(authUrl, decision = 'allow', withhold = []) {
      const page = await fetch(authUrl);
      const html = await page.text();
      const link = html.match(new RegExp(`href="([^"]+decision=${decision})"`))?.[1];
      if (!link) throw new Error(`The consent page offered no ${decision} link (${page.status}: ${html})`);
      const approve = new URL(link.replaceAll('&amp;', '&'), base);
      if (withhold.length > 0) approve.searchParams.set('withhold', withhold.join(' '));
      const answer = await fetch(approve, { redirect: 'manual' });
      const location = answer.headers.get('location');
      if (!location) throw new Error(`The consent did not redirect (${answer.status})`);
      return location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
