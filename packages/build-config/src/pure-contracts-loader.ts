import type { LoaderContext } from '@rspack/core';
import ts from 'typescript';

// A contract module declares its schemas and routes as top-level constants built by calls (`z.object(…)`),
// which a bundler must assume have side effects: every schema of a module that is imported for one of
// them stayed in the bundle, and with it every module its schemas import. The shell's app.js carried the
// texts' and phone access' schemas (contracts sms.ts, trust.ts, contacts.ts, paging.ts), used only by
// dialogs and the palette, because the approvals count's module (inbox.ts) imports two of them for
// another schema. Building a schema has no effect but its value, so each such initializer is marked
// pure (`/*#__PURE__*/ (() => …)()`): the bundler's tree shaking then drops the constants nothing uses,
// and the imports only they used, like any unused function.

/** The browser's contract modules (`packages/contracts/src/`), which this loader applies to. */
export const CONTRACT_MODULE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/** Whether evaluating `node` calls or constructs anything (a function's body runs later, so not it). */
function calls(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node))
    return true;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) return false;
  return ts.forEachChild(node, calls) ?? false;
}

/** Top-level statements that declare and do nothing else when the module is evaluated. */
function onlyDeclares(statement: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(statement) ||
    ts.isExportDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isEmptyStatement(statement) ||
    (ts.isModuleDeclaration(statement) &&
      (ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Ambient) !== 0) ||
    (ts.isVariableStatement(statement) && (statement.declarationList.flags & ts.NodeFlags.Const) !== 0)
  );
}

/**
 * The module with each top-level `const` initializer that calls something wrapped in a pure immediately
 * invoked arrow function, on the same lines (so source positions keep their line). Throws for a module
 * with a top-level statement that may do something when evaluated (a call, an assignment, a `let`, a
 * class or an enum): the build declares the contracts free of side effects (rspack-base.ts).
 */
export function withPureConstants(source: string, fileName = 'contract.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  for (const statement of file.statements) {
    if (!onlyDeclares(statement)) {
      const { line } = file.getLineAndCharacterOfPosition(statement.getStart(file));
      throw new Error(
        `${fileName}:${line + 1}: a contract module only declares (the build takes it to have no side effects)`,
      );
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!init || !calls(init)) continue;
      edits.push({ at: init.getStart(file), text: '/*#__PURE__*/ (() => (' });
      edits.push({ at: init.getEnd(), text: '))()' });
    }
  }
  let result = source;
  for (const edit of edits.sort((a, b) => b.at - a.at))
    result = result.slice(0, edit.at) + edit.text + result.slice(edit.at);
  return result;
}

/** Rspack loader (before swc) for the contract modules: see `withPureConstants`. */
export default function pureContractsLoader(this: LoaderContext, source: string): string {
  return withPureConstants(source, this.resourcePath);
}
