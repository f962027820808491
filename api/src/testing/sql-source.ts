import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

// Reads the API's source as the data-rule tests see it (db/sql-placement.test.ts, db/table-ownership.test.ts).

export const API_SRC = join(import.meta.dirname, '..');

/** Text that starts like a statement (the code base writes SQL in lower case; prose starts capitalised). */
export const SQL_STATEMENT =
  /^\s*(select\s[\s\S]*\bfrom\s|select\s+(\d|pg_|now\(|exists|set_config|current_)|insert\s+into\s+\w+\s*(\(|select|values|default)|update\s+\w+(\s+\w+)?\s+set\s|delete\s+from\s+\w+|with\s+\w+\s+as\s*\(|(listen|unlisten|notify)\s|lock\s+table|(create|alter|drop)\s+(table|index|unique|trigger|function|or)\s|truncate\s)/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Every source file under api/src (tests too), relative to it. */
export function allSourceFiles(): string[] {
  return sourceFiles(API_SRC).map((path) => relative(API_SRC, path).split('\\').join('/'));
}

/** Product code whose SQL placement is checked: not db/, migrations, tests or test helpers. */
export function checkedFiles(): string[] {
  return sourceFiles(API_SRC)
    .map((path) => relative(API_SRC, path).split('\\').join('/'))
    .filter(
      (path) =>
        !path.startsWith('db/') &&
        !path.includes('/migrations/') &&
        !path.includes('/testing/') &&
        !path.startsWith('testing/') &&
        !path.endsWith('.test.ts'),
    );
}

export function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(path, readFileSync(join(API_SRC, path), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every string literal's text (a template's literal parts joined, `${…}` left out). */
export function literalsOf(source: ts.SourceFile): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node))
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … '));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The literals of a file that start like a statement. */
export function statementsIn(source: ts.SourceFile): string[] {
  return literalsOf(source).filter((text) => SQL_STATEMENT.test(text));
}
