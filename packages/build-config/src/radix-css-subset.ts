import postcss from 'postcss';

/** How to cut one of Radix Themes' prebuilt stylesheets down. */
export interface RadixCssSubsetOptions {
  /** Cascade layer to wrap the sheet in (for pages that mix this subset with sheets loaded later). */
  layer?: string;
  /** Component classes to keep, without the `rt-` prefix (e.g. `Button`, `BaseButton`); all when absent. */
  components?: ReadonlySet<string>;
  /** Keep the breakpoint variants (`xs:`…`xl:`, i.e. `@media (min-width: …px)`); default true. */
  responsive?: boolean;
}

const BREAKPOINT_MEDIA = /^\(min-width:\s*\d+px\)$/;
const COMPONENT_CLASS = /\.rt-([A-Z][A-Za-z]*)/g;

function selectorKeeps(selector: string, components: ReadonlySet<string>): boolean {
  for (const match of selector.matchAll(COMPONENT_CLASS)) {
    if (!components.has(match[1] ?? '')) return false;
  }
  return true;
}

/**
 * Cuts a Radix Themes stylesheet down to the rules of the listed components (rules that name no component,
 * such as the reset and the theme root, always stay), optionally without the breakpoint variants and
 * wrapped in a cascade layer.
 */
export function subsetRadixCss(css: string, options: RadixCssSubsetOptions): string {
  const root = postcss.parse(css);
  const { components, responsive = true } = options;
  if (!responsive) {
    root.walkAtRules('media', (atRule) => {
      if (BREAKPOINT_MEDIA.test(atRule.params.trim())) atRule.remove();
    });
  }
  if (components) {
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
      const kept = rule.selectors.filter((selector) => selectorKeeps(selector, components));
      if (kept.length === 0) rule.remove();
      else if (kept.length !== rule.selectors.length) rule.selectors = kept;
    });
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
  const list = params.get('components');
  return {
    layer: params.get('layer') ?? undefined,
    components: list ? new Set(list.split(',').map((name) => name.trim())) : undefined,
    responsive: params.get('responsive') !== 'false',
  };
}
