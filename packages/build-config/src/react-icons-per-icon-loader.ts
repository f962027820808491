import type { LoaderContext } from '@rspack/core';

// @radix-ui/react-icons ships every icon in one ES module. A module sits in one chunk, so the icons that
// any later chunk imports (a dialog's, another route's) were all in the chunk of the first screen: in
// the voice remote's home module 17 icons (3.4 KB Brotli) where the home page shows 2, in the shell's
// app.js the copy buttons' two. This loader turns the file into one module per icon, so that each icon
// is in the chunk of the code that shows it: the file itself becomes a list of re-exports (the package
// is `sideEffects: false`, so an import goes straight to its icon's module and unused ones are left
// out), `?icon=<Name>` is that icon's own module and `?icon-helper` the props helper they share.

/** Matches the module this loader applies to (rspack-base's module rule). */
export const REACT_ICONS_MODULE = /[\\/]@radix-ui[\\/]react-icons[\\/]dist[\\/]react-icons\.esm\.js$/;

const REACT_IMPORT = "import { forwardRef, createElement } from 'react';";
const HELPER = /^function _objectWithoutPropertiesLoose\(source, excluded\) \{\n[\s\S]*?\n\}\n/m;
// One icon: its excluded-props list, then the icon (a forwardRef render function) up to its closing `});`.
const ICON =
  /^var (_excluded[\w$]*) = \["color"\];\nvar ([A-Z]\w*Icon) = \/\*#__PURE__\*\/forwardRef\(function \(_ref, forwardedRef\) \{\n[\s\S]*?\n\}\);\n/gm;
const EXPORTS = /^export \{ ([^}]+) \};$/m;

/** Each icon's source (its `var` statements) by its exported name, read from the package's ES module. */
export function iconSources(source: string): Map<string, string> {
  const icons = new Map<string, string>();
  for (const match of source.matchAll(ICON)) icons.set(match[2] ?? '', match[0]);
  const exported = (EXPORTS.exec(source)?.[1] ?? '').split(',').map((name) => name.trim());
  const missing = exported.filter((name) => !icons.has(name));
  // A new layout of the package's build fails the build here instead of shipping icons that are undefined.
  if (!source.includes(REACT_IMPORT) || !HELPER.test(source) || exported.length === 0 || missing.length > 0)
    throw new Error(
      `@radix-ui/react-icons' ES module is not laid out as react-icons-per-icon-loader expects${
        missing.length > 0 ? ` (no source found for ${missing.slice(0, 5).join(', ')})` : ''
      }`,
    );
  return icons;
}

/**
 * What the loader makes of the module for a resource query: the re-export list (no query), the helper
 * (`?icon-helper`) or one icon (`?icon=<Name>`).
 */
export function perIconModule(source: string, resourceQuery: string, request: string): string {
  const icons = iconSources(source);
  const params = new URLSearchParams(resourceQuery.replace(/^\?/, ''));
  const name = params.get('icon');
  if (params.has('icon-helper')) return `export ${HELPER.exec(source)?.[0] ?? ''}`;
  if (name) {
    const icon = icons.get(name);
    if (!icon) throw new Error(`@radix-ui/react-icons has no ${name}`);
    return [
      REACT_IMPORT,
      `import { _objectWithoutPropertiesLoose } from ${JSON.stringify(`${request}?icon-helper`)};`,
      icon,
      `export { ${name} };`,
      '',
    ].join('\n');
  }
  return [...icons.keys()]
    .map((icon) => `export { ${icon} } from ${JSON.stringify(`${request}?icon=${icon}`)};`)
    .join('\n');
}

/** Rspack loader for @radix-ui/react-icons' ES module: see `perIconModule`. */
export default function reactIconsPerIconLoader(this: LoaderContext, source: string): string {
  return perIconModule(source, this.resourceQuery, this.resourcePath);
}
