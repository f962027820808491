import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { browserSources } from './browser-sources.ts';
import { PRODUCT_PALETTE, RADIX_COLOR_SCALES } from './radix-css-subset.ts';

/** Every string literal in the browser code that names a Radix colour scale, with where it is. */
function colourLiterals(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, source } of browserSources()) {
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && RADIX_COLOR_SCALES.has(node.text)) {
        found.set(node.text, [...(found.get(node.text) ?? []), path]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("the product's colour palette", () => {
  // The signed-in app's stylesheet keeps only these scales (`&palette`): a colour outside it would render
  // with no colour at all, so any literal naming one, in a prop, a map or a condition, must be listed.
  const literals = colourLiterals();

  it('holds every Radix colour the browser code names', () => {
    const outside = [...literals].filter(([colour]) => !PRODUCT_PALETTE.has(colour));
    expect(Object.fromEntries(outside)).toEqual({});
  });

  it('holds no colour the code does not name', () => {
    expect([...PRODUCT_PALETTE].filter((colour) => !literals.has(colour))).toEqual([]);
  });
});
