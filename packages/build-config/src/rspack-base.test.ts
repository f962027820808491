import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './browser-sources.ts';
import { reactRouterProductionBuild } from './rspack-base.ts';

describe('reactRouterProductionBuild', () => {
  it("points react-router (and its dom entry) at the installed package's production build, warnings off", () => {
    const alias = reactRouterProductionBuild(join(REPOSITORY_ROOT, 'shell'));
    expect(Object.keys(alias).sort()).toEqual(['react-router$', 'react-router/dom$']);
    const entry = alias['react-router$'] ?? '';
    expect(entry).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    const chunks = [...readFileSync(entry, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)];
    const code = chunks.map((chunk) => readFileSync(join(entry, '..', chunk[1] ?? ''), 'utf8')).join('\n');
    expect(code).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(code).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });

  it('refuses an app without react-router-dom', () => {
    expect(() => reactRouterProductionBuild(join(REPOSITORY_ROOT, 'packages/build-config'))).toThrow();
  });
});
