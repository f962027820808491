import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './browser-sources.ts';
import { CONTRACT_MODULE, withPureConstants } from './pure-contracts-loader.ts';

const CONTRACTS = join(REPOSITORY_ROOT, 'packages/contracts/src');

/** Runs a module's JavaScript (types stripped, `export` dropped) and returns what `names` hold after it. */
function run(source: string, names: string[], scope: Record<string, unknown>): unknown[] {
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const body = `${js.replace(/^export /gm, '')}\nreturn [${names.join(', ')}];`;
  return new Function(...Object.keys(scope), body)(...Object.values(scope)) as unknown[];
}

describe('withPureConstants', () => {
  it('wraps a calling initializer in a pure arrow called at once, on the same lines', () => {
    const source = [
      "import { z } from 'zod';",
      'export const LIMIT = 20;',
      'export const itemSchema = z.object({',
      '  id: z.string(),',
      '}) satisfies unknown;',
      'const list = [itemSchema, z.number()] as const;',
      'export const format = (value: number) => String(value);',
      'export type Item = z.infer<typeof itemSchema>;',
    ].join('\n');
    const pure = withPureConstants(source);
    expect(pure.split('\n')).toHaveLength(source.split('\n').length);
    expect(pure).toContain('export const LIMIT = 20;');
    expect(pure).toContain('export const itemSchema = /*#__PURE__*/ (() => (z.object({');
    expect(pure).toContain('}) satisfies unknown))();');
    expect(pure).toContain('const list = /*#__PURE__*/ (() => ([itemSchema, z.number()] as const))();');
    // A function is not called by its declaration.
    expect(pure).toContain('export const format = (value: number) => String(value);');
  });

  it('keeps every value as it was', () => {
    const z = { object: (shape: object) => ({ shape }), string: () => 'string', number: () => 'number' };
    const source = [
      'export const a = z.object({ id: z.string() });',
      'export const b = [a, z.number()] as const;',
      'export const c = { ...a, n: b.length };',
    ].join('\n');
    expect(run(withPureConstants(source), ['a', 'b', 'c'], { z })).toEqual(
      run(source, ['a', 'b', 'c'], { z }),
    );
  });

  it('refuses a top-level statement that may have an effect', () => {
    for (const statement of ['z.config({ jitless: true });', 'let count = 0;', 'export default z.string();'])
      expect(() => withPureConstants(`import { z } from 'zod';\n${statement}`, 'x.ts')).toThrow(
        /x\.ts:2: a contract module only declares/,
      );
  });

  it('applies to every contract module, and each of them only declares', () => {
    const files = readdirSync(CONTRACTS).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      expect(CONTRACT_MODULE.test(join(CONTRACTS, file))).toBe(true);
      expect(() => withPureConstants(readFileSync(join(CONTRACTS, file), 'utf8'), file)).not.toThrow();
    }
    expect(CONTRACT_MODULE.test(join(REPOSITORY_ROOT, 'packages/api-client/src/http.ts'))).toBe(false);
  });
});
