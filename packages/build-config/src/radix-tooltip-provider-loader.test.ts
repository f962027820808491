import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSources, REPOSITORY_ROOT } from './browser-sources.ts';
import { withoutTooltipProvider } from './radix-tooltip-provider-loader.ts';

const THEME_MODULE = join(
  realpathSync(join(REPOSITORY_ROOT, 'shell/node_modules/@radix-ui/themes')),
  'dist/esm/components/theme.js',
);

describe('withoutTooltipProvider', () => {
  it("drops Tooltip from the installed Theme's radix-ui import and gives it a provider rendering its children", () => {
    const rewritten = withoutTooltipProvider(readFileSync(THEME_MODULE, 'utf8'));
    expect(rewritten).not.toMatch(/Tooltip as [\w$]+[^;]*from"radix-ui"/);
    expect(rewritten).toMatch(
      /const [\w$]+=\{Provider:function TooltipProvider\(props\)\{return props.children\}\};/,
    );
    // The rest of the radix-ui import stays.
    expect(rewritten).toMatch(/import\{Direction as [\w$]+,Slot as [\w$]+\}from"radix-ui";/);
  });

  it('refuses a Theme that no longer imports Tooltip from radix-ui (the rewrite would silently do nothing)', () => {
    expect(() => withoutTooltipProvider('import{Slot as D}from"radix-ui";')).toThrow(/no longer/);
  });

  it('is safe only while no browser source shows a tooltip', () => {
    const users = browserSources()
      .filter(({ source }) => /\bTooltip\b/.test(source.text))
      .map(({ path }) => path);
    expect(users).toEqual([]);
  });
});
