import { createRequire } from 'node:module';
import { join } from 'node:path';
import postcss from 'postcss';
import { RADIX_EAGER_PARTS, SHARED_SURFACES } from './shared-surface.ts';

// Smaller than Radix's tokens/base.css, tokens/colors/*, components.css and utilities.css on the login
// page and on sign-in → home, as the bundle-size benchmark measures (docs/benchmarks.md "Figures behind
// code choices").

/** How to cut one of Radix Themes' prebuilt stylesheets down. */
export interface RadixCssSubsetOptions {
  /** Cascade layer to wrap the sheet in (for pages that mix this subset with sheets loaded later). */
  layer?: string;
  /** Component classes to keep, without the `rt-` prefix (e.g. `Button`, `BaseButton`); all when absent. */
  components?: ReadonlySet<string>;
  /**
   * Component families to keep: a class is kept when its name starts with one of them (`Select` keeps
   * `rt-SelectTrigger`, `rt-SelectContent`…); combined with `components` when both are given.
   */
  families?: ReadonlySet<string>;
  /**
   * Keep only rules that name a listed component (drop the reset, the theme root and the like): for a
   * sheet loaded after the page's own, which must not re-apply the reset over the components' rules.
   */
  componentsOnly?: boolean;
  /** Keep the breakpoint variants (`xs:`…`xl:`, i.e. `@media (min-width: …px)`); default true. */
  responsive?: boolean;
  /** Which breakpoint variants to keep (`xs`…`xl`) when responsive; all when absent. */
  breakpoints?: ReadonlySet<string>;
  /**
   * The prop classes (e.g. `rt-r-p`, `rt-r-gtc`) whose breakpoint variants (`md:rt-r-p-4`) are kept: the
   * classes of the props the product gives responsive values; all when absent.
   */
  responsiveClasses?: ReadonlySet<string>;
  /** Keep the dark appearance (`.dark`, `.dark-theme`); default true. */
  dark?: boolean;
  /**
   * Keep only the dark appearance: the rules whose selector names `.dark`/`.dark-theme` and the at-rules
   * holding them (the complement of `dark: false`), for a sheet loaded on demand once the page turns dark.
   */
  darkOnly?: boolean;
  /**
   * Colours whose `[data-accent-color='…']` / `[data-gray-color='…']` rules and `--{colour}-…` scale
   * tokens are kept (the other scales' are dropped); all when absent.
   */
  colors?: ReadonlySet<string>;
  /**
   * The classes a page's markup uses: a selector naming a prop class (`rt-r-…` utilities and size
   * values, `rt-variant-…`, `rt-high-contrast`) that is not among them is dropped. All kept when absent.
   */
  usedClasses?: ReadonlySet<string>;
}

const BREAKPOINT_MEDIA = /^\(min-width:\s*(\d+)px\)$/;
/** Radix Themes' breakpoints and the widths their `@media (min-width)` variants start at. */
const BREAKPOINT_WIDTHS: Readonly<Record<string, string>> = {
  xs: '520',
  sm: '768',
  md: '1024',
  lg: '1280',
  xl: '1640',
};

/**
 * The breakpoints the product's responsive props use (`{ initial: …, md: … }`; theme-usage.test.ts
 * holds the code to them). `&breakpoints` in a subset query keeps just these variants.
 */
export const PRODUCT_BREAKPOINTS: ReadonlySet<string> = new Set(['xs', 'sm', 'md', 'lg']);

/**
 * The props the product gives responsive values (`p={{ initial: '3', md: '5' }}`; theme-usage.test.ts
 * holds the code to them). `&responsiveProps` keeps only their classes' breakpoint variants (the loader
 * looks their classes up in Radix Themes' own prop definitions).
 */
export const PRODUCT_RESPONSIVE_PROPS: ReadonlySet<string> = new Set([
  'columns',
  'display',
  'orientation',
  'p',
]);

const BREAKPOINT_CLASS = /\.(?:xs|sm|md|lg|xl)\\:(rt-[\w-]+)/g;
const DARK_SELECTOR = /(^|[\s>+~(,])\.dark(-theme)?(?![\w-])/;
const PROP_CLASS = /\.((?:[a-z]+\\:)?rt-(?:r-|variant-|high-contrast)[\w-]*)/g;
// `[data-accent-color='indigo']`, and the gray mappings' `.radix-themes:where([data-gray-color='mauve'])`.
const COLOR_SELECTOR = /^(?:\.radix-themes:where\()?\[data-(?:accent|gray)-color=['"]?([a-z]+)['"]?\]\)?$/;
const COMPONENT_CLASS = /\.rt-([A-Z][A-Za-z]*)/g;
const SCALE_TOKEN = /^--([a-z]+)-/;

/** Radix Themes' colour scales (accents and grays): the values of `accentColor`, `grayColor`, `color`. */
export const RADIX_COLOR_SCALES: ReadonlySet<string> = new Set(
  (
    'tomato red ruby crimson pink plum purple violet iris indigo blue cyan teal jade green grass brown ' +
    'orange sky mint lime yellow amber gold bronze gray mauve slate sage olive sand'
  ).split(' '),
);

/**
 * The colours the product uses (any string literal naming a Radix colour scale in the browser code must
 * be one of these; theme-usage.test.ts checks it). `&palette` in a subset query keeps just these scales.
 */
export const PRODUCT_PALETTE: ReadonlySet<string> = new Set([
  'amber',
  'blue',
  'gray',
  'green',
  'indigo',
  'orange',
  'purple',
  'red',
  'yellow',
]);

function selectorKeeps(
  selector: string,
  keepsComponent: (name: string) => boolean,
  componentsOnly: boolean,
): boolean {
  let named = false;
  for (const match of selector.matchAll(COMPONENT_CLASS)) {
    if (!keepsComponent(match[1] ?? '')) return false;
    named = true;
  }
  return named || !componentsOnly;
}

/**
 * The component families of the app's Radix Themes shared surface (shared-surface.ts) but its deferred
 * ones (each loads its own rules with it), plus the `Base…` parts they are built on: the app's sheet
 * follows the components the product imports.
 */
export function surfaceFamilies(): Set<string> {
  const surface = SHARED_SURFACES['@radix-ui/themes'];
  const deferred = surface?.deferred ?? {};
  const eager = (surface?.exports ?? []).filter((name) => !(name in deferred));
  return new Set([...eager, ...RADIX_EAGER_PARTS]);
}

/**
 * Cuts a Radix Themes stylesheet down to the rules of the listed components (rules that name no component,
 * such as the reset and the theme root, always stay), optionally without the breakpoint variants and
 * wrapped in a cascade layer.
 */
export function subsetRadixCss(css: string, options: RadixCssSubsetOptions): string {
  const root = postcss.parse(css);
  const { components, families, responsive = true, breakpoints, dark = true, colors, usedClasses } = options;
  const darkOnly = options.darkOnly ?? false;
  if (darkOnly) {
    // At-rules holding no rules (`@font-face`, `@property`, `@import`…) and keyframes (the light sheet
    // has them) are not the dark appearance's.
    root.walkAtRules((atRule) => {
      const holdsRules = atRule.nodes?.some((node) => node.type === 'rule' || node.type === 'atrule');
      if (!holdsRules || /keyframes$/.test(atRule.name)) {
        atRule.remove();
      }
    });
  }
  if (!responsive || breakpoints) {
    const keptWidths = new Set([...(breakpoints ?? [])].map((name) => BREAKPOINT_WIDTHS[name]));
    root.walkAtRules('media', (atRule) => {
      const width = BREAKPOINT_MEDIA.exec(atRule.params.trim())?.[1];
      if (width && !(responsive && keptWidths.has(width))) atRule.remove();
    });
  }
  if (options.responsiveClasses) {
    const kept = [...options.responsiveClasses];
    const keeps = (name: string) => kept.some((prefix) => name === prefix || name.startsWith(`${prefix}-`));
    root.walkRules((rule) => {
      const selectors = rule.selectors.filter((selector) =>
        [...selector.matchAll(BREAKPOINT_CLASS)].every((match) => keeps(match[1] ?? '')),
      );
      if (selectors.length === 0) rule.remove();
      else if (selectors.length !== rule.selectors.length) rule.selectors = selectors;
    });
  }
  if (!dark || darkOnly || colors || usedClasses) {
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => {
        const isDark = DARK_SELECTOR.test(selector);
        if (!dark && isDark) return false;
        if (darkOnly && !isDark) return false;
        if (usedClasses) {
          for (const match of selector.matchAll(PROP_CLASS)) {
            if (!usedClasses.has((match[1] ?? '').replace(/\\:/g, ':'))) return false;
          }
        }
        const color = COLOR_SELECTOR.exec(selector.trim())?.[1];
        return !(colors && color && RADIX_COLOR_SCALES.has(color) && !colors.has(color));
      });
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    });
  }
  if (colors) {
    root.walkDecls((declaration) => {
      const scale = SCALE_TOKEN.exec(declaration.prop)?.[1];
      if (scale && RADIX_COLOR_SCALES.has(scale) && !colors.has(scale)) declaration.remove();
    });
    root.walkRules((rule) => {
      if (rule.nodes.length === 0) rule.remove();
    });
  }
  if (components || families) {
    const familyList = [...(families ?? [])];
    const keepsComponent = (name: string) =>
      (components?.has(name) ?? false) || familyList.some((family) => name.startsWith(family));
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
      const kept = rule.selectors.filter((selector) =>
        selectorKeeps(selector, keepsComponent, options.componentsOnly ?? false),
      );
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    });
  }
  // Twice: an at-rule emptied by the above can leave its parent empty (e.g. @supports > @media).
  for (let pass = 0; pass < 2; pass += 1) {
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
  }
  const subset = root.toString();
  return options.layer ? `@layer ${options.layer} {\n${subset}\n}\n` : subset;
}

/** Parses the loader's resource query, e.g. `?radix-subset&components=Button,Card&responsive=false`. */
export function parseSubsetQuery(resourceQuery: string): RadixCssSubsetOptions {
  const params = new URLSearchParams(resourceQuery.replace(/^\?/, ''));
  const set = (name: string) => {
    const list = params.get(name);
    return list ? new Set(list.split(',').map((item) => item.trim())) : undefined;
  };
  return {
    layer: params.get('layer') ?? undefined,
    components: set('components'),
    // `&surface`: the families of the Radix Themes shared surface.
    families: params.has('surface') ? surfaceFamilies() : set('families'),
    componentsOnly: params.get('componentsOnly') === 'true',
    responsive: params.get('responsive') !== 'false',
    // `&breakpoints`: the product's breakpoints.
    breakpoints: params.has('breakpoints') ? new Set(PRODUCT_BREAKPOINTS) : undefined,
    dark: params.get('dark') !== 'false',
    // `&only=dark` (or `&darkOnly`): just the dark appearance, for the sheet loaded once the page is dark.
    darkOnly: params.get('only') === 'dark' || (params.has('darkOnly') && params.get('darkOnly') !== 'false'),
    // `&palette`: the product's colours.
    colors: params.has('palette') ? new Set(PRODUCT_PALETTE) : set('colors'),
    // `&classes=…`: the prop classes kept, listed (for markup that is not rendered at build time).
    usedClasses: set('classes'),
  };
}

/**
 * The classes Radix Themes gives the named props (`p` → `rt-r-p`, `columns` → `rt-r-gtc`; `align` has
 * several), read from its own prop definitions as installed for the app at `appDir`.
 */
export function radixPropClasses(appDir: string, props: ReadonlySet<string>): Set<string> {
  const definitions = createRequire(join(appDir, 'package.json'))('@radix-ui/themes/props') as Record<
    string,
    unknown
  >;
  const classes = new Set<string>();
  for (const group of Object.values(definitions)) {
    if (!group || typeof group !== 'object') continue;
    for (const [prop, definition] of Object.entries(group)) {
      const className = (definition as { className?: unknown } | null)?.className;
      if (props.has(prop) && typeof className === 'string') classes.add(className);
    }
  }
  return classes;
}

/** Every class named in `markup`'s class attributes. */
export function classesOf(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
