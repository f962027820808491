import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from './remotes.ts';
import { publicRouteFor, ROUTE_TABLE, remoteModuleId, routeMatches } from './routes.ts';

describe('ROUTE_TABLE', () => {
  it('gives every path once', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('maps every ./app route to a page its remote exports, and every page to a route', () => {
    for (const route of ROUTE_TABLE) {
      if (route.module === './app')
        expect(REMOTE_PAGES[route.remote] as readonly string[]).toContain(route.page);
    }
    for (const [remote, pages] of Object.entries(REMOTE_PAGES)) {
      for (const page of pages) {
        expect(ROUTE_TABLE.some((route) => route.remote === remote && route.page === page)).toBe(true);
      }
    }
  });

  it('sends the brief’s paths to the right remote pages', () => {
    const byPath = Object.fromEntries(
      ROUTE_TABLE.map((route) => [route.path, `${route.remote}:${route.page}`]),
    );
    expect(byPath).toEqual({
      '/': 'voice:realtime',
      '/call': 'voice:call',
      '/voice': 'voice:voice',
      '/call-logs': 'voice:call-logs',
      '/voice/console': 'voice:console',
      '/sms': 'messaging:threads',
      '/sms/:phone': 'messaging:thread',
      '/contacts': 'messaging:contacts',
      '/contacts/:id': 'messaging:contact',
      '/conversations': 'messaging:conversations',
      '/lab/*': 'lab:lab',
      '/knowledge': 'knowledge:knowledge',
      '/google': 'workspace:google',
      '/google/success': 'workspace:success',
      '/google/error': 'workspace:error',
    });
  });

  it('loads the Voice Console from voice/console and only it is admin-only', () => {
    const adminOnly = ROUTE_TABLE.filter((route) => route.adminOnly);
    expect(adminOnly.map((route) => route.path)).toEqual(['/voice/console']);
    expect(adminOnly.map(remoteModuleId)).toEqual(['voice/console']);
    expect(ROUTE_TABLE.filter((route) => !route.adminOnly).map(remoteModuleId)).not.toContain(
      'voice/console',
    );
  });
});

describe('routeMatches', () => {
  it('matches like react-router: params, a final splat, any case, a trailing slash', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/sms')).toBe(false);
    expect(routeMatches('/sms/:phone', '/sms/+447700900123')).toBe(true);
    expect(routeMatches('/sms/:phone', '/sms')).toBe(false);
    expect(routeMatches('/sms/:phone', '/sms/a/b')).toBe(false);
    expect(routeMatches('/lab/*', '/lab')).toBe(true);
    expect(routeMatches('/lab/*', '/lab/jobs/42')).toBe(true);
    expect(routeMatches('/lab/*', '/labs')).toBe(false);
    expect(routeMatches('/Call-Logs', '/call-logs/')).toBe(true);
  });

  it('finds the route a page load opens, never an admin-only one', () => {
    expect(publicRouteFor('/')).toMatchObject({ remote: 'voice', page: 'realtime' });
    expect(publicRouteFor('/contacts/42')).toMatchObject({ remote: 'messaging', page: 'contact' });
    expect(publicRouteFor('/voice/console')).toBeUndefined();
    expect(publicRouteFor('/privacy-policy')).toBeUndefined();
  });
});
