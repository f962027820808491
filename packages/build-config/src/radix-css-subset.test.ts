import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classesOf,
  PRODUCT_BREAKPOINTS,
  PRODUCT_PALETTE,
  parseSubsetQuery,
  radixPropClasses,
  subsetRadixCss,
  surfaceFamilies,
} from './radix-css-subset.ts';

const SHEET = `
.radix-themes { --cursor-button: default; }
.rt-BaseButton { display: inline-flex; }
.rt-Button:where(.rt-r-size-2) { height: 32px; }
.rt-Dialog, .rt-Button:where(.rt-variant-ghost) { margin: 0; }
.rt-SelectTrigger { display: flex; }
@media (min-width: 520px) { .xs\\:rt-r-p-2 { padding: 8px; } .rt-Button:where(.xs\\:rt-r-size-2) { height: 32px; } }
@media (hover: hover) { .rt-SelectTrigger:hover { color: red; } .rt-Button:hover { color: blue; } }
@keyframes rt-spin { from { opacity: 0; } to { opacity: 1; } }
`;

describe('subsetRadixCss', () => {
  it('keeps only the listed components plus rules that name no component', () => {
    const css = subsetRadixCss(SHEET, { components: new Set(['Button', 'BaseButton']) });
    expect(css).toContain('.radix-themes');
    expect(css).toContain('.rt-BaseButton');
    expect(css).toContain('.rt-Button:where(.rt-r-size-2)');
    expect(css).toContain('.rt-Button:hover');
    expect(css).not.toContain('rt-SelectTrigger');
    expect(css).toContain('@keyframes rt-spin');
  });

  it('keeps no component-less rule (the reset, the theme root) when asked for components only', () => {
    const css = subsetRadixCss(SHEET, { components: new Set(['Button']), componentsOnly: true });
    expect(css).not.toContain('.radix-themes');
    expect(css).toContain('.rt-Button:where(.rt-r-size-2)');
    expect(css).toContain('@keyframes rt-spin');
    expect(parseSubsetQuery('?radix-subset&componentsOnly=true').componentsOnly).toBe(true);
  });

  it('drops only the non-matching selectors of a selector list', () => {
    const css = subsetRadixCss(SHEET, { components: new Set(['Button']) });
    expect(css).toContain('.rt-Button:where(.rt-variant-ghost)');
    expect(css).not.toContain('rt-Dialog');
  });

  it('drops the breakpoint variants when not responsive, keeping other media queries', () => {
    const css = subsetRadixCss(SHEET, { responsive: false });
    expect(css).not.toContain('min-width: 520px');
    expect(css).not.toContain('xs\\:rt-r-p-2');
    expect(css).toContain('@media (hover: hover)');
  });

  it('keeps only the listed breakpoints when asked, and none when not responsive', () => {
    const sheet = `${SHEET}@media (min-width: 1640px) { .xl\\:rt-r-p-2 { padding: 8px; } }`;
    const css = subsetRadixCss(sheet, { breakpoints: new Set(['xs']) });
    expect(css).toContain('min-width: 520px');
    expect(css).not.toContain('min-width: 1640px');
    expect(css).toContain('@media (hover: hover)');
    expect(subsetRadixCss(sheet, { breakpoints: new Set(['xs']), responsive: false })).not.toContain('520px');
    expect(parseSubsetQuery('?radix-subset&breakpoints').breakpoints).toEqual(PRODUCT_BREAKPOINTS);
    expect(parseSubsetQuery('?radix-subset').breakpoints).toBeUndefined();
  });

  it("keeps only the listed prop classes' breakpoint variants, components' included", () => {
    const sheet = `@media (min-width: 768px) {
  .sm\\:rt-r-p-2 { padding: 8px; }
  .sm\\:rt-r-pb-2 { padding-bottom: 8px; }
  .sm\\:rt-r-gtc-2, .sm\\:rt-r-px-1 { margin: 0; }
  .rt-Button:where(.sm\\:rt-r-size-2) { height: 32px; }
}
.rt-r-pb-2 { padding-bottom: 8px; }`;
    const css = subsetRadixCss(sheet, { responsiveClasses: new Set(['rt-r-p', 'rt-r-gtc']) });
    expect(css).toContain('.sm\\:rt-r-p-2');
    expect(css).toContain('.sm\\:rt-r-gtc-2 {');
    expect(css).not.toContain('sm\\:rt-r-pb-2');
    expect(css).not.toContain('rt-r-px-1');
    expect(css).not.toContain('rt-r-size-2');
    expect(css).toContain('.rt-r-pb-2 { padding-bottom');
  });

  it("finds the props' classes in Radix Themes' own definitions", () => {
    const shell = join(import.meta.dirname, '../../../shell');
    expect(radixPropClasses(shell, new Set(['p', 'columns']))).toEqual(new Set(['rt-r-p', 'rt-r-gtc']));
    expect(radixPropClasses(shell, new Set(['align']))).toContain('rt-r-ai');
  });

  it('keeps everything by default and wraps the sheet in a layer when asked', () => {
    const css = subsetRadixCss(SHEET, { layer: 'radix' });
    expect(css.startsWith('@layer radix {')).toBe(true);
    expect(css).toContain('rt-SelectTrigger');
    expect(css).toContain('min-width: 520px');
  });
});

const TOKENS = `
:root, .light, .light-theme { --gray-1: #fcfcfc; }
.dark, .dark-theme { --gray-1: #111; }
:is(.dark, .dark-theme) .rt-Button { color: white; }
[data-accent-color='indigo'] { --accent-1: var(--indigo-1); }
[data-accent-color='tomato'] { --accent-1: var(--tomato-1); }
.radix-themes:where([data-gray-color='mauve']) { --gray-1: var(--mauve-1); }
[data-accent-color]:where(:not([data-accent-color=''])) { --focus-1: var(--accent-1); }
@supports (color: color(display-p3 1 1 1)) { @media (color-gamut: p3) { .dark, .dark-theme { --gray-1: #121212; } } }
.rt-Button:where(.rt-r-size-1) { height: 24px; }
.rt-Button:where(.rt-r-size-2) { height: 32px; }
.rt-Button:where(.rt-variant-ghost) { margin: 0; }
.rt-r-p-4 { padding: 16px; }
.rt-r-p-5 { padding: 24px; }
`;

describe('subsetRadixCss for one page', () => {
  it('drops the dark appearance, nested at-rules left empty included', () => {
    const css = subsetRadixCss(TOKENS, { dark: false });
    expect(css).toContain(':root, .light, .light-theme');
    expect(css).not.toContain('.dark');
    expect(css).not.toContain('@supports');
  });

  it('keeps only the dark appearance with darkOnly: the complement of dark: false', () => {
    const sheet = `@font-face { font-family: x; src: url(x.woff2); }
@keyframes rt-fade { from { opacity: 0; } to { opacity: 1; } }
${TOKENS}`;
    const css = subsetRadixCss(sheet, { darkOnly: true, colors: new Set(['indigo', 'gray']) });
    expect(css).toContain('.dark, .dark-theme { --gray-1: #111; }');
    expect(css).toContain(':is(.dark, .dark-theme) .rt-Button');
    expect(css).toContain('@supports (color: color(display-p3 1 1 1))');
    expect(css).toContain('#121212');
    for (const light of [
      ':root',
      '.light',
      'data-accent-color',
      'rt-r-size-1',
      'rt-r-p-4',
      '@font-face',
      '@keyframes',
    ]) {
      expect(css).not.toContain(light);
    }
    // Together the two halves hold every rule of the sheet.
    const light = subsetRadixCss(TOKENS, { dark: false });
    expect(light).not.toContain('.dark');
    expect(subsetRadixCss(TOKENS, { darkOnly: true })).not.toContain('.light');
  });

  it("keeps a mixed rule's dark selectors only with darkOnly", () => {
    const css = subsetRadixCss('.rt-Card, .dark .rt-Card { color: red; }', { darkOnly: true });
    expect(css.trim()).toBe('.dark .rt-Card { color: red; }');
  });

  it("keeps only the listed colours' mappings", () => {
    const css = subsetRadixCss(TOKENS, { colors: new Set(['indigo', 'gray']) });
    expect(css).toContain("[data-accent-color='indigo']");
    expect(css).not.toContain('tomato');
    expect(css).not.toContain('mauve');
    expect(css).toContain("[data-accent-color]:where(:not([data-accent-color='']))");
  });

  it("drops the other scales' tokens, and a rule they leave empty", () => {
    const sheet = `:root, .light { --gray-1: #fff; --tomato-1: #f00; --tomato-a1: #f001; --black-a1: #0001; --color-background: white; }
:root { --tomato-2: red; }`;
    const css = subsetRadixCss(sheet, { colors: new Set(['gray']) });
    expect(css).toContain('--gray-1: #fff');
    expect(css).toContain('--black-a1');
    expect(css).toContain('--color-background');
    expect(css).not.toContain('tomato');
    expect(css).not.toContain('red');
    expect(parseSubsetQuery('?radix-subset&palette').colors).toEqual(PRODUCT_PALETTE);
  });

  it('keeps only the prop classes the markup uses', () => {
    const used = classesOf('<div class="rt-Button rt-r-size-2  rt-r-p-4"></div><p class="x"></p>');
    expect([...used]).toEqual(['rt-Button', 'rt-r-size-2', 'rt-r-p-4', 'x']);
    const css = subsetRadixCss(TOKENS, { usedClasses: used });
    expect(css).toContain('.rt-Button:where(.rt-r-size-2)');
    expect(css).toContain('.rt-r-p-4');
    expect(css).not.toContain('rt-r-size-1');
    expect(css).not.toContain('rt-variant-ghost');
    expect(css).not.toContain('rt-r-p-5');
    expect(css).toContain("[data-accent-color='tomato']");
  });
});

describe('component families', () => {
  it('keep every class of a family by its name prefix, with the listed components', () => {
    const css = subsetRadixCss(SHEET, { families: new Set(['Select']), components: new Set(['Dialog']) });
    expect(css).toContain('.rt-SelectTrigger:hover');
    expect(css).toContain('.rt-Dialog');
    expect(css).not.toContain('.rt-BaseButton');
    expect(css).toContain('.radix-themes');
  });

  it("follow the shared surface's components and what they are built on with &surface", () => {
    const families = parseSubsetQuery('?radix-subset&surface').families ?? new Set();
    expect(families).toEqual(surfaceFamilies());
    for (const family of ['Button', 'Theme', 'BaseButton', 'Card']) expect(families).toContain(family);
    // Tooltip is in no surface; the deferred components (and what only they are built on) load their own.
    for (const family of ['Tooltip', 'Select', 'DropdownMenu', 'BaseMenu', 'Popper', 'Dialog', 'BaseDialog'])
      expect(families).not.toContain(family);
    expect(parseSubsetQuery('?radix-subset&families=Table,Tabs').families).toEqual(
      new Set(['Table', 'Tabs']),
    );
  });
});

describe('parseSubsetQuery', () => {
  it('reads the components, the responsive flag and the layer from the import query', () => {
    const options = parseSubsetQuery('?radix-subset&components=Button,%20Card&responsive=false');
    expect([...(options.components ?? [])]).toEqual(['Button', 'Card']);
    expect(options.responsive).toBe(false);
    expect(options.layer).toBeUndefined();
    expect(parseSubsetQuery('?radix-subset').components).toBeUndefined();
  });

  it('reads a list of the prop classes to keep', () => {
    const options = parseSubsetQuery('?radix-subset&classes=rt-r-gap-1,rt-variant-ghost');
    expect(options.usedClasses).toEqual(new Set(['rt-r-gap-1', 'rt-variant-ghost']));
    expect(parseSubsetQuery('?radix-subset').usedClasses).toBeUndefined();
  });

  it('reads the dark flag and the colours', () => {
    const options = parseSubsetQuery('?radix-subset&dark=false&colors=indigo,gray');
    expect(options.dark).toBe(false);
    expect([...(options.colors ?? [])]).toEqual(['indigo', 'gray']);
    expect(parseSubsetQuery('?radix-subset').dark).toBe(true);
    expect(parseSubsetQuery('?radix-subset&only=dark&palette').darkOnly).toBe(true);
    expect(parseSubsetQuery('?radix-subset&darkOnly').darkOnly).toBe(true);
    expect(parseSubsetQuery('?radix-subset&dark=false').darkOnly).toBe(false);
  });
});
