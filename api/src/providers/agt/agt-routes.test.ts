import { AGT_POST_PATHS } from '@annie/contracts/agt';
import { describe, expect, it } from 'vitest';
import { resolveAgtRoute } from './agt-routes.ts';

describe('resolveAgtRoute', () => {
  it.each(AGT_POST_PATHS)('allows POST %s', (path) => {
    expect(resolveAgtRoute(path, 'POST')).toEqual({ ok: true, route: { method: 'POST', path } });
  });

  it('allows GET /suppliers/search/{name} and encodes the name', () => {
    expect(resolveAgtRoute('/suppliers/search/Sodium chloride', 'GET')).toEqual({
      ok: true,
      route: { method: 'GET', path: '/suppliers/search/Sodium%20chloride' },
    });
  });

  it.each([
    ['/formulation/generate', 'GET', 'Method must be POST for /formulation/generate'],
    ['/suppliers/search/Glycerin', 'POST', 'Method must be GET for a supplier search'],
  ])('refuses %s with %s', (path, method, message) => {
    expect(resolveAgtRoute(path, method)).toEqual({ ok: false, message });
  });

  it.each([
    'https://evil.example/formulation/generate',
    '//evil.example/formulation/generate',
    '/formulation/generate/',
    '/formulation/generate?x=1',
    '/formulation/generate#x',
    '/formulation/../admin',
    '/formulation/generate/../../admin',
    '/formulation%2Fgenerate',
    '/%66ormulation/generate',
    '\\formulation\\generate',
    '/formulation\\generate',
    '/FORMULATION/GENERATE',
    ' /formulation/generate',
    '/admin',
    '',
    '/suppliers/search/',
    '/suppliers/search/../../admin',
    '/suppliers/search/..',
    '/suppliers/search/a/b',
    '/suppliers/search/a%2Fb',
    '/suppliers/search/%2e%2e',
    '/suppliers/search/Glycerin?limit=1',
    '/suppliers/search/Glycerin\\x',
    '/suppliers/search/ Glycerin',
    '/suppliers/search/x\u0000',
  ])('refuses %j', (path) => {
    const method = path.includes('suppliers') ? 'GET' : 'POST';
    expect(resolveAgtRoute(path, method)).toEqual({
      ok: false,
      message: 'Path is not an allowed chemistry provider path',
    });
  });
});
