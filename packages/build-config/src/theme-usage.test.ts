import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { browserSources } from './browser-sources.ts';
import {
  PRODUCT_BREAKPOINTS,
  PRODUCT_PALETTE,
  PRODUCT_RESPONSIVE_PROPS,
  RADIX_COLOR_SCALES,
} from './radix-css-subset.ts';

const RADIX_BREAKPOINTS = new Set(['xs', 'sm', 'md', 'lg', 'xl']);

/** Literals that share a colour scale's name but are something else, by file: OpenAI's voice named Sage. */
const NOT_COLOURS: Record<string, ReadonlySet<string>> = {
  'packages/contracts/src/voice-profile-options.ts': new Set(['sage']),
};

/**
 * What the browser code asks of Radix Themes' stylesheet: every string literal naming a colour scale, and
 * every breakpoint a responsive prop value (`{ initial: …, md: … }`) names, each with where it is.
 */
function themeUsage() {
  const colours = new Map<string, string[]>();
  const breakpoints = new Map<string, string[]>();
  const responsiveProps = new Map<string, string[]>();
  /** Responsive values that are not written as a prop's value, whose prop cannot be told. */
  const elsewhere: string[] = [];
  const add = (found: Map<string, string[]>, key: string, path: string) =>
    found.set(key, [...(found.get(key) ?? []), path]);
  for (const { path, source } of browserSources()) {
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        RADIX_COLOR_SCALES.has(node.text) &&
        !NOT_COLOURS[path]?.has(node.text)
      ) {
        add(colours, node.text, path);
      }
      if (ts.isObjectLiteralExpression(node)) {
        const keys = node.properties.flatMap((property) =>
          property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
            ? [property.name.text]
            : [],
        );
        if (keys.some((key) => key === 'initial' || RADIX_BREAKPOINTS.has(key))) {
          for (const key of keys) if (RADIX_BREAKPOINTS.has(key)) add(breakpoints, key, path);
          const attribute = node.parent?.parent;
          if (attribute && ts.isJsxExpression(node.parent) && ts.isJsxAttribute(attribute)) {
            add(responsiveProps, attribute.name.getText(), path);
          } else {
            elsewhere.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { colours, breakpoints, responsiveProps, elsewhere };
}

// The signed-in app's stylesheet keeps only the product's colour scales (`&palette`) and breakpoints
// (`&breakpoints`): a colour outside the palette would render with no colour at all, and a breakpoint
// outside the list would not apply, so the lists must cover everything the code names (in a prop, a map
// or a condition), and hold nothing it does not.
const usage = themeUsage();

describe("the product's colour palette", () => {
  it('holds every Radix colour the browser code names', () => {
    const outside = [...usage.colours].filter(([colour]) => !PRODUCT_PALETTE.has(colour));
    expect(Object.fromEntries(outside)).toEqual({});
  });

  it('holds no colour the code does not name', () => {
    expect([...PRODUCT_PALETTE].filter((colour) => !usage.colours.has(colour))).toEqual([]);
  });
});

describe("the product's breakpoints", () => {
  it('hold every breakpoint a responsive prop names, and no other', () => {
    expect([...usage.breakpoints.keys()].sort()).toEqual([...PRODUCT_BREAKPOINTS].sort());
  });

  it('are given as the values of props, whose names are the responsive props listed, and no other', () => {
    expect(usage.elsewhere).toEqual([]);
    expect([...usage.responsiveProps.keys()].sort()).toEqual([...PRODUCT_RESPONSIVE_PROPS].sort());
  });
});
