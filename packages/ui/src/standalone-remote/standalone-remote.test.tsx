import { describe, expect, it } from 'vitest';
import { standaloneRoutes } from './standalone-remote.tsx';

const Page = () => null;
const Console = () => null;

describe('standaloneRoutes', () => {
  it("gives each of the remote's pages the path of the route table", () => {
    const routes = standaloneRoutes('voice', {
      './app': { realtime: Page, call: Page, voice: Page, 'call-logs': Page },
      './console': { console: Console },
    });
    expect(routes.map((route) => route.path)).toEqual([
      '/',
      '/call',
      '/voice',
      '/call-logs',
      '/voice/console',
    ]);
    expect(routes.at(-1)?.Page).toBe(Console);
  });

  it('names a page the route table wants and the remote does not export', () => {
    expect(() => standaloneRoutes('knowledge', { './app': {} })).toThrow(
      "The knowledge remote's ./app has no page named knowledge",
    );
  });
});
