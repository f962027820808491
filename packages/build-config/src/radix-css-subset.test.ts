import { describe, expect, it } from 'vitest';
import { parseSubsetQuery, subsetRadixCss } from './radix-css-subset.ts';

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

  it('keeps everything by default and wraps the sheet in a layer when asked', () => {
    const css = subsetRadixCss(SHEET, { layer: 'radix' });
    expect(css.startsWith('@layer radix {')).toBe(true);
    expect(css).toContain('rt-SelectTrigger');
    expect(css).toContain('min-width: 520px');
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
});
