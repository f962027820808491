import ts from 'typescript';
import { SHARED_SURFACES } from './shared-surface.ts';

/** What some code uses of one surfaced package (shared-surface.ts). */
export interface SurfaceUse {
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

/** What `sources` import from each surfaced package, read from the TypeScript syntax tree. */
export function surfaceUses(
  sources: Iterable<{ path: string; source: ts.SourceFile }>,
): Map<string, SurfaceUse> {
  const uses = new Map<string, SurfaceUse>();
  for (const name of Object.keys(SHARED_SURFACES))
    uses.set(name, { names: new Set(), members: new Map(), refused: [] });
  for (const { path: where, source } of sources) {
    const namespaceLocals = new Map<string, { use: SurfaceUse; namespace: string }>();
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

/**
 * The objects of a surface whose members are what it provides, not the package's whole object: its
 * namespaces (zod's `z`) and its deferred compound components (their stand-ins hold the listed parts).
 */
function memberObjects(name: string): Record<string, readonly string[]> {
  const surface = SHARED_SURFACES[name];
  const compounds = Object.entries(surface?.deferred ?? {}).filter(([, members]) => members.length > 0);
  return { ...Object.fromEntries(compounds), ...surface?.namespaces };
}

/**
 * The names each surfaced package is used by, one list per package, sorted: an export by its name, a
 * member of an object the surface builds from its parts (memberObjects) as `object.member` (zod's
 * `z.object`, `Dialog.Root`). The one form of the shell's offer (`surfacesProvided`) and of what a
 * remote's build needs (annie-remote.json), which publishing compares.
 */
export function surfaceNeeds(uses: Map<string, SurfaceUse>): Record<string, string[]> {
  const needs: Record<string, string[]> = {};
  for (const [name, use] of uses) {
    const namespaces = SHARED_SURFACES[name]?.namespaces ?? {};
    const objects = memberObjects(name);
    const listed = [
      ...[...use.names].filter((imported) => !(imported in namespaces)),
      ...[...use.members]
        .filter(([object]) => object in objects)
        .flatMap(([object, members]) => [...members].map((member) => `${object}.${member}`)),
    ];
    if (listed.length > 0) needs[name] = listed.sort();
  }
  return needs;
}

/** What the shell's shared module of each surfaced package provides, in `surfaceNeeds`' form. */
export function surfacesProvided(): Record<string, string[]> {
  const provided: Record<string, string[]> = {};
  for (const [name, surface] of Object.entries(SHARED_SURFACES)) {
    provided[name] = [
      ...surface.exports,
      ...Object.entries(memberObjects(name)).flatMap(([object, members]) =>
        members.map((member) => `${object}.${member}`),
      ),
    ].sort();
  }
  return provided;
}
