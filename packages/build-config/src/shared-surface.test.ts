import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { browserSources, REPOSITORY_ROOT } from './browser-sources.ts';
import { deferredModuleSource, SHARED_SURFACES, surfaceModuleSource } from './shared-surface.ts';

interface PackageUse {
  /** Value names imported from the package (type-only imports left out). */
  names: Set<string>;
  /** Members read at run time from an imported namespace object (`z.object(…)`), per namespace. */
  members: Map<string, Set<string>>;
  /** Imports a surface cannot serve: `import * as`, default imports, re-exports, `import()`. */
  refused: string[];
}

function isTypeOnly(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isTypeNode(current) || ts.isTypeAliasDeclaration(current) || ts.isInterfaceDeclaration(current)) {
      return true;
    }
    if (ts.isStatement(current)) return false;
  }
  return false;
}

/** What the browser code imports from each surfaced package, read from the TypeScript syntax tree. */
function collectUses(): Map<string, PackageUse> {
  const uses = new Map<string, PackageUse>();
  for (const name of Object.keys(SHARED_SURFACES))
    uses.set(name, { names: new Set(), members: new Map(), refused: [] });
  for (const { path: where, source } of browserSources()) {
    const namespaceLocals = new Map<string, { use: PackageUse; namespace: string }>();
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const use = uses.get(node.moduleSpecifier.text);
        const clause = node.importClause;
        if (use && clause && !clause.isTypeOnly) {
          if (clause.name) use.refused.push(`${where}: default import`);
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) use.refused.push(`${where}: import * as`);
          if (bindings && ts.isNamedImports(bindings)) {
            for (const element of bindings.elements) {
              if (element.isTypeOnly) continue;
              const imported = (element.propertyName ?? element.name).text;
              use.names.add(imported);
              namespaceLocals.set(element.name.text, { use, namespace: imported });
            }
          }
        }
      } else if (
        ts.isExportDeclaration(node) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const use = uses.get(node.moduleSpecifier.text);
        if (use && !node.isTypeOnly) use.refused.push(`${where}: re-export`);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        uses.get(node.arguments[0].text)?.refused.push(`${where}: import()`);
      } else if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        !isTypeOnly(node)
      ) {
        const local = namespaceLocals.get(node.expression.text);
        if (local) {
          const members = local.use.members.get(local.namespace) ?? new Set<string>();
          members.add(node.name.text);
          local.use.members.set(local.namespace, members);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

const uses = collectUses();

describe.each(Object.entries(SHARED_SURFACES))('the shared surface of %s', (name, surface) => {
  const use = uses.get(name) as PackageUse;
  const namespaces = surface.namespaces ?? {};

  it('is imported only by name, so that every use is checked against it', () => {
    expect(use.refused).toEqual([]);
  });

  it('lists every name and namespace member the browser code uses, and nothing it does not', () => {
    const imported = [...use.names].filter((imported) => !(imported in namespaces)).sort();
    expect(imported).toEqual([...surface.exports]);
    for (const [namespace, members] of Object.entries(namespaces)) {
      expect([...(use.members.get(namespace) ?? [])].sort(), namespace).toEqual([...members]);
    }
  });

  it("names only what the installed package's ES module exports", async () => {
    const packageDir = realpathSync(join(REPOSITORY_ROOT, 'shell/node_modules', name));
    const module = (await import(join(packageDir, surface.esmEntry))) as Record<string, unknown>;
    for (const exported of [...surface.exports, ...Object.values(namespaces).flat()]) {
      expect(module[exported], exported).toBeDefined();
    }
  });
});

describe('surfaceModuleSource', () => {
  it('exports deferred names as stand-ins, each loading its own chunk, and the rest from the entry', () => {
    const source = surfaceModuleSource(
      {
        esmEntry: 'dist/index.js',
        exports: ['Button', 'DropdownMenu', 'Slider'],
        deferred: { DropdownMenu: ['Root', 'Trigger'], Slider: [] },
      },
      '/pkg',
      { DropdownMenu: '/cache/pkg.deferred.DropdownMenu.js', Slider: '/cache/pkg.deferred.Slider.js' },
    );
    expect(source).toContain('export { Button } from "/pkg/dist/index.js";');
    expect(source).toContain(
      'const loadDropdownMenu = () => import(/* webpackChunkName: "deferred-ui-dropdown-menu" */ "/cache/pkg.deferred.DropdownMenu.js");',
    );
    expect(source).toContain(
      'export const DropdownMenu = Object.freeze({ Root: deferred("DropdownMenu", "Root", loadDropdownMenu), Trigger: deferred("DropdownMenu", "Trigger", loadDropdownMenu) });',
    );
    expect(source).toContain('export const Slider = deferred("Slider", undefined, loadSlider);');
    expect(source).toContain('const OPENS = ["AlertDialog","Dialog","DropdownMenu","Select"];');
    expect(() =>
      surfaceModuleSource({ esmEntry: 'x.js', exports: ['A'], deferred: { A: [] } }, '/pkg'),
    ).toThrow(/no module path/);
  });

  it("writes a deferred name's module with its component's own stylesheet subset", () => {
    const source = deferredModuleSource(
      {
        esmEntry: 'dist/index.js',
        exports: ['Select'],
        deferred: { Select: [] },
        deferredStyles: { sheet: 'components.css', query: 'radix-subset&x', parts: { Select: ['Popper'] } },
      },
      '/pkg',
      'Select',
    );
    expect(source).toContain('import "/pkg/components.css?radix-subset&x&families=Select,Popper";');
    expect(source).toContain('export { Select } from "/pkg/dist/index.js";');
  });

  it('re-exports the names and builds each namespace from its members, from the absolute entry', () => {
    const source = surfaceModuleSource(
      { esmEntry: 'dist/index.js', exports: ['Link', 'Route'], namespaces: { z: ['enum', 'object'] } },
      '/pkg',
    );
    expect(source).toContain('export { Link, Route } from "/pkg/dist/index.js";');
    expect(source).toContain('import { enum as z_0, object as z_1 } from "/pkg/dist/index.js";');
    expect(source).toContain('export const z = Object.freeze({ "enum": z_0, "object": z_1 });');
  });
});
