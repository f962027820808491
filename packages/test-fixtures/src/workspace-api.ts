import { GOOGLE_SERVICES } from '@annie/contracts/google-services';
import type { GoogleAccount } from '@annie/contracts/workspace';
import { type StubRoutes, stubFetch } from './fetch-stub.ts';

/** Two connected accounts, the first active, as GET /api/google/accounts lists them (tests only). */
export const GOOGLE_ACCOUNTS: GoogleAccount[] = [
  {
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    name: 'Eleanor Hart',
    email: 'eleanor.hart@example.com',
    picture: null,
    isActive: true,
    connected: true,
    // Everything asked for but Sheets, which the user unticked on Google's consent screen.
    grantedScopes: GOOGLE_SERVICES.filter((service) => service.id !== 'sheets').map(
      (service) => service.scope,
    ),
  },
  {
    id: '6f1c2d3e-0000-4000-8000-000000000002',
    name: 'Board Office',
    email: 'board@example.com',
    picture: null,
    isActive: false,
    connected: true,
    grantedScopes: null,
  },
];

/** Where the stubbed GET /api/google/auth sends the browser. */
export const GOOGLE_AUTH_URL = 'https://accounts.example/consent?state=s';

type WorkspaceApi = {
  connected?: boolean;
  statusStatus?: number;
  authStatus?: number;
  disconnectStatus?: number;
};

const failed = (status: number) => ({ status, body: { message: 'boom', code: 'failed' } });

/**
 * The workspace API's routes for component and hook tests: status, accounts (both only when
 * connected), the consent address, disconnect and switching the active account; each can fail.
 */
export function workspaceRoutes({
  connected = false,
  statusStatus = 200,
  authStatus = 200,
  disconnectStatus = 200,
}: WorkspaceApi = {}): StubRoutes {
  return {
    'GET /api/google/status':
      statusStatus === 200 ? { status: 200, body: { authenticated: connected } } : failed(statusStatus),
    'GET /api/google/accounts': { status: 200, body: connected ? GOOGLE_ACCOUNTS : [] },
    'GET /api/google/auth':
      authStatus === 200 ? { status: 200, body: { authUrl: GOOGLE_AUTH_URL } } : failed(authStatus),
    'POST /api/google/disconnect':
      disconnectStatus === 200 ? { status: 200, body: { authenticated: false } } : failed(disconnectStatus),
    'POST /api/google/accounts/:id/activate': ({ params }) => {
      const account = GOOGLE_ACCOUNTS.find((candidate) => candidate.id === params.id);
      return account
        ? { status: 200, body: { ...account, isActive: true } }
        : { status: 404, body: { message: 'Google account not found', code: 'not_found' } };
    },
  };
}

/** Stubs fetch with the workspace API alone (tests only). */
export function stubWorkspaceApi(options: WorkspaceApi = {}) {
  return stubFetch(workspaceRoutes(options));
}
