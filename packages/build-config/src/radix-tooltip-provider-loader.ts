import type { LoaderContext } from '@rspack/core';

// Radix Themes' Theme wraps every app in Radix Tooltip's provider (it sets the tooltips' delay), which
// keeps all of Radix Tooltip, its popper and floating-ui in app.js: 9 KB Brotli on every first screen,
// for tooltips the product never shows (Tooltip is in no shared surface, and the loader's test checks
// that no browser source uses one). The provider becomes one that renders its children. Showing a
// tooltip one day means removing this loader (Radix's Tooltip refuses to render without its provider).
const RADIX_UI_IMPORT = /import\{([^}]*)\}from"radix-ui";/;
const TOOLTIP_SPECIFIER = /(?:^|,)\s*Tooltip as ([A-Za-z_$][\w$]*)\s*(?=,|$)/;

/** Theme's `radix-ui` import without `Tooltip`, which becomes a provider that renders its children. */
export function withoutTooltipProvider(source: string): string {
  const imported = RADIX_UI_IMPORT.exec(source);
  const specifiers = imported?.[1] ?? '';
  const tooltip = TOOLTIP_SPECIFIER.exec(specifiers);
  if (!imported || !tooltip) throw new Error('Radix Themes theme.js no longer imports Tooltip from radix-ui');
  const rest = specifiers.replace(tooltip[0], '').replace(/^\s*,/, '');
  const replacement = [
    rest.trim() ? `import{${rest}}from"radix-ui";` : '',
    `const ${tooltip[1]}={Provider:function TooltipProvider(props){return props.children}};`,
  ].join('');
  return source.replace(imported[0], replacement);
}

/** Rspack loader for Radix Themes' components/theme.js: see `withoutTooltipProvider`. */
export default function radixTooltipProviderLoader(this: LoaderContext, source: string): string {
  return withoutTooltipProvider(source);
}
