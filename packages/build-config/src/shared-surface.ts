import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Chosen over Module Federation's shared `treeShaking: { mode: 'runtime-infer' }` on the same packages:
// it keeps the shell's app.js, and so the home page, much smaller (docs/benchmarks.md "Figures behind
// code choices").

/**
 * The part of a large shared package that the product's apps use. A shared module is provided whole (the
 * providing build cannot know what another app will import from it), so sharing all of react-router or
 * Radix Themes shipped every export to every signed-in browser. Instead each app shares a small module
 * that re-exports just these names from the package's ES build, which the bundler tree-shakes as usual.
 *
 * The lists are a contract between the shell, which provides the module, and the remotes, which consume
 * it: an app importing a name that is not listed fails its build (`exportsPresence: 'error'` in
 * rspack-base.ts checks every import against the module it resolves to) and the shared-surface test
 * (which scans every app's sources). A remote is released on its own against the shell that is live: its
 * build lists the names it takes (annie-remote.json's `surfaces`, surface-imports.ts), the shell's build
 * lists the ones it provides (host-surfaces.json), and publishing refuses a build that needs a name the
 * live shell lacks, naming it, instead of shipping a page where that name is undefined. Falling back to
 * the remote's own copy is no way out for these packages: a second Radix Themes, router or react-query
 * would not see the shell's providers (theme, router, query client). A package the shell does not share
 * at all is the remote's own (bundled, or its `import` fallback), needing nothing of the shell.
 */
export interface SharedSurface {
  /** The package's ES module entry (relative to its directory) holding the listed exports. */
  esmEntry: string;
  /** The names the product's apps import, sorted. */
  exports: readonly string[];
  /**
   * Namespace objects the apps import by name (zod's `z`), each with the members they use: the surface
   * builds the object from just those, so what no app reads is tree-shaken like any unused export.
   */
  namespaces?: Readonly<Record<string, readonly string[]>>;
  /**
   * Components no screen of the first path after sign-in renders (the shell's chrome and the voice home
   * page), exported as stand-ins that fetch the real ones, all in one chunk, when one is first rendered
   * (a compound component by its listed members). The names are also in `exports`.
   */
  deferred?: Readonly<Record<string, readonly string[]>>;
  /**
   * The stylesheet of each deferred component, loaded with it instead of with the app's sheet: the
   * package's sheet (relative to its directory) cut by the radix-subset loader with `query`, to the
   * component's own class family and the `parts` it is built on.
   */
  deferredStyles?: {
    sheet: string;
    query: string;
    parts: Readonly<Record<string, readonly string[]>>;
  };
}

// Deferred: the Select, Slider, ScrollArea, radio, tab and switch primitives and their Radix Themes
// wrappers stay out of app.js on the way to the home page, and the dropdown menus' code (menu, popper,
// floating-ui) costs one request the first time a screen shows one.
/** The Radix Themes class families each deferred component is built on besides its own (shared-surface's `deferredStyles`). */
const RADIX_DEFERRED_PARTS: Readonly<Record<string, readonly string[]>> = {
  AlertDialog: ['BaseDialog'],
  Checkbox: ['BaseCheckbox'],
  Dialog: ['BaseDialog'],
  DropdownMenu: ['BaseMenu', 'Popper', 'ScrollArea'],
  RadioGroup: ['BaseRadio'],
  Select: ['Popper', 'ScrollArea'],
  Table: ['ScrollArea'],
};

/** The `Base…` class families the app's own sheet keeps: those its eager components are built on. */
export const RADIX_EAGER_PARTS: readonly string[] = ['BaseButton', 'BaseCard', 'BaseTab'];

const RADIX_DEFERRED: Readonly<Record<string, readonly string[]>> = {
  // No dialog is open on the first screen after sign-in (the user menu's Phone access mounts when opened).
  AlertDialog: ['Cancel', 'Content', 'Description', 'Root', 'Title'],
  Checkbox: [],
  Dialog: ['Close', 'Content', 'Description', 'Root', 'Title', 'Trigger'],
  // The shell's menus render it only once the visitor reaches for one (shell deferred-menu.tsx).
  DropdownMenu: ['Content', 'Item', 'Label', 'RadioGroup', 'RadioItem', 'Root', 'Separator', 'Trigger'],
  Progress: [],
  RadioCards: ['Item', 'Root'],
  RadioGroup: ['Item', 'Root'],
  ScrollArea: [],
  Select: ['Content', 'Group', 'Item', 'Label', 'Root', 'Separator', 'Trigger'],
  Slider: [],
  Switch: [],
  // Its Root wraps the table in a ScrollArea.
  Table: ['Body', 'Cell', 'ColumnHeaderCell', 'Header', 'Root', 'Row', 'RowHeaderCell'],
  Tabs: ['Content', 'List', 'Root', 'Trigger'],
};

export const SHARED_SURFACES: Readonly<Record<string, SharedSurface>> = {
  'react-router-dom': {
    esmEntry: 'dist/index.mjs',
    exports: [
      'BrowserRouter',
      'Link',
      'Navigate',
      'Route',
      'Routes',
      'useLocation',
      'useNavigate',
      'useParams',
    ],
  },
  '@tanstack/react-query': {
    esmEntry: 'build/modern/index.js',
    exports: [
      'QueryClient',
      'QueryClientProvider',
      'infiniteQueryOptions',
      'keepPreviousData',
      'queryOptions',
      'useInfiniteQuery',
      'useMutation',
      'useQuery',
      'useQueryClient',
    ],
  },
  zod: {
    esmEntry: 'v4/classic/external.js',
    exports: [],
    namespaces: {
      z: [
        'array',
        'boolean',
        'coerce',
        'config',
        'custom',
        'discriminatedUnion',
        'email',
        'enum',
        'iso',
        'json',
        'literal',
        'number',
        'object',
        'preprocess',
        'record',
        'strictObject',
        'string',
        'toJSONSchema',
        'union',
        'unknown',
        'url',
        'uuid',
      ],
    },
  },
  '@radix-ui/themes': {
    esmEntry: 'dist/esm/components/index.js',
    exports: [
      'AlertDialog',
      'Avatar',
      'Badge',
      'Box',
      'Button',
      'Callout',
      'Card',
      'Checkbox',
      'Code',
      'Container',
      'DataList',
      'Dialog',
      'DropdownMenu',
      'Flex',
      'Grid',
      'Heading',
      'IconButton',
      'Link',
      'Progress',
      'RadioCards',
      'RadioGroup',
      'ScrollArea',
      'Select',
      'Slider',
      'Spinner',
      'Switch',
      'TabNav',
      'Table',
      'Tabs',
      'Text',
      'TextArea',
      'TextField',
      'Theme',
    ],
    deferred: RADIX_DEFERRED,
    deferredStyles: {
      sheet: 'components.css',
      // Component rules only: this sheet comes after the app's, whose reset it must not apply again.
      query: 'radix-subset&componentsOnly=true&breakpoints&responsiveProps',
      parts: RADIX_DEFERRED_PARTS,
    },
  },
};

// The stand-in of a deferred component renders the real one inside a Suspense boundary of its own, so
// that until its chunk has arrived the page around it stays: a Root or a Trigger shows its children
// meanwhile (a menu's trigger button stays on screen), any other part nothing; a menu or a select pressed
// (or opened from the keyboard) before its code arrived opens when it does. The same tree before and
// after (a stand-in that changed shape once loaded would remount what it holds). `use` is React 19's.
// Each component is a chunk of its own (what they share, the bundler splits out), requested at the
// first render of one of its parts, so a screen fetches only the ones it shows. Once it has arrived, every
// part of the component renders at once, the first time too (one loaded module per component, not per
// part): a menu first opened had its items suspend one by one after their Root, a moment in which the
// menu was on screen with none (axe: aria-required-children).
const DEFERRED_HELPER = `
const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];
const ROOTS = createContext('|');
const LOADED = {};
const LOADING = {};
function deferred(name, member, load) {
  const whenLoaded = () => (LOADING[name] ??= load().then((module) => (LOADED[name] = module[name])));
  const isRoot = member === 'Root';
  const showsChildren = isRoot || member === 'Trigger';
  const opens = isRoot && OPENS.includes(name);
  function Loaded(props) {
    const roots = useContext(ROOTS);
    const component = LOADED[name] ?? use(whenLoaded());
    const real = createElement(member ? component[member] : component, props);
    return isRoot ? createElement(ROOTS.Provider, { value: roots + name + '|' }, real) : real;
  }
  function Deferred(props) {
    const [pressed, setPressed] = useState(false);
    const roots = useContext(ROOTS);
    let fallback = showsChildren ? (props.children ?? null) : null;
    // A part of a compound component is real only under its real Root (whose context it needs): under
    // a Root still loading it stays the fallback, even when its own code is already there.
    if (member && !isRoot && !roots.includes('|' + name + '|')) return fallback;
    if (opens && !LOADED[name])
      fallback = createElement('span', {
        style: { display: 'contents' },
        onPointerDown: (event) => event.button === 0 && setPressed(true),
        onKeyDown: (event) => OPENING_KEYS.includes(event.key) && setPressed(true),
      }, fallback);
    const shown = pressed && props.open === undefined ? { ...props, defaultOpen: true } : props;
    return createElement(Suspense, { fallback }, createElement(Loaded, shown));
  }
  Deferred.displayName = member ? name + '.' + member : name;
  return Deferred;
}
`;

/**
 * The deferred components that open (a menu, a select, a dialog with its trigger): pressed before they
 * load, they open when they do.
 */
const DEFERRED_OPENERS = ['AlertDialog', 'Dialog', 'DropdownMenu', 'Select'];

/** Where the module of each deferred name is written: `<base>.deferred.<Name>.js`. */
export type DeferredPaths = Readonly<Record<string, string>>;

/**
 * The ES module re-exporting a surface's names from the package installed at `packageDir`; a surface
 * with deferred names also needs each `deferredModuleSource` written at its path in `deferredPaths`.
 */
export function surfaceModuleSource(
  surface: SharedSurface,
  packageDir: string,
  deferredPaths: DeferredPaths = {},
): string {
  // An absolute path, not the package's name: the name is the shared module's key, so importing it here
  // would make this module consume itself from the share scope.
  const entry = JSON.stringify(join(packageDir, surface.esmEntry));
  const deferred = surface.deferred ?? {};
  const eager = surface.exports.filter((name) => !(name in deferred));
  const lines = ['// Generated by @annie/build-config (shared-surface.ts).'];
  if (eager.length > 0) lines.push(`export { ${eager.join(', ')} } from ${entry};`);
  for (const [namespace, members] of Object.entries(surface.namespaces ?? {})) {
    // Imported under local names: members such as `enum` are reserved words as bindings.
    const imports = members.map((member, index) => `${member} as ${namespace}_${index}`);
    const fields = members.map((member, index) => `${JSON.stringify(member)}: ${namespace}_${index}`);
    lines.push(`import { ${imports.join(', ')} } from ${entry};`);
    lines.push(`export const ${namespace} = Object.freeze({ ${fields.join(', ')} });`);
  }
  if (Object.keys(deferred).length > 0) {
    lines.push("import { createContext, createElement, Suspense, use, useContext, useState } from 'react';");
    lines.push(`const OPENS = ${JSON.stringify(DEFERRED_OPENERS)};`);
    lines.push(DEFERRED_HELPER.trim());
    for (const [name, members] of Object.entries(deferred)) {
      const path = deferredPaths[name];
      if (!path) throw new Error(`the deferred ${name} has no module path`);
      const chunk = `deferred-ui-${name.replace(/[A-Z]/g, (letter, at: number) => `${at ? '-' : ''}${letter.toLowerCase()}`)}`;
      lines.push(
        `const load${name} = () => import(/* webpackChunkName: "${chunk}" */ ${JSON.stringify(path)});`,
      );
      const part = (member?: string) =>
        `deferred(${JSON.stringify(name)}, ${member ? JSON.stringify(member) : 'undefined'}, load${name})`;
      const value =
        members.length === 0
          ? part()
          : `Object.freeze({ ${members.map((member) => `${member}: ${part(member)}`).join(', ')} })`;
      lines.push(`export const ${name} = ${value};`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The module a deferred name's stand-ins load: the real component, from the package's ES entry. */
export function deferredModuleSource(surface: SharedSurface, packageDir: string, name: string): string {
  const entry = JSON.stringify(join(packageDir, surface.esmEntry));
  const lines = ['// Generated by @annie/build-config (shared-surface.ts).'];
  const styles = surface.deferredStyles;
  if (styles) {
    const families = [name, ...(styles.parts[name] ?? [])].join(',');
    lines.push(
      `import ${JSON.stringify(`${join(packageDir, styles.sheet)}?${styles.query}&families=${families}`)};`,
    );
  }
  lines.push(`export { ${name} } from ${entry};`);
  return `${lines.join('\n')}\n`;
}

function writeIfChanged(file: string, source: string): void {
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // Not written yet.
  }
  // Rewritten only when it changes, so a watching dev build does not rebuild for nothing.
  if (current !== source) writeFileSync(file, source);
}

/**
 * Writes the surface module of `packageName` as installed for `appDir` (under its node_modules/.cache)
 * and returns its path, for the shared entry's `import`.
 */
export function writeSurfaceModule(appDir: string, packageName: string, surface: SharedSurface): string {
  const packageDir = realpathSync(join(appDir, 'node_modules', packageName));
  const directory = join(appDir, 'node_modules', '.cache', 'annie-shared-surface');
  const base = join(directory, packageName.replace(/[@/]/g, '_'));
  mkdirSync(directory, { recursive: true });
  const deferredPaths: Record<string, string> = {};
  for (const name of Object.keys(surface.deferred ?? {})) {
    deferredPaths[name] = `${base}.deferred.${name}.js`;
    writeIfChanged(deferredPaths[name], deferredModuleSource(surface, packageDir, name));
  }
  const file = `${base}.js`;
  writeIfChanged(file, surfaceModuleSource(surface, packageDir, deferredPaths));
  return file;
}
