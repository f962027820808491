import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './browser-sources.ts';
import { iconSources, perIconModule, REACT_ICONS_MODULE } from './react-icons-per-icon-loader.ts';

const ICONS_FILE = join(
  realpathSync(join(REPOSITORY_ROOT, 'shell/node_modules/@radix-ui/react-icons')),
  'dist/react-icons.esm.js',
);
const SOURCE = readFileSync(ICONS_FILE, 'utf8');
const EXPORTED = (/^export \{ ([^}]+) \};$/m.exec(SOURCE)?.[1] ?? '').split(', ');

/** Runs a generated module's code with stand-ins for its imports and returns what it exports. */
function evaluate(code: string, imports: Record<string, unknown>): Record<string, unknown> {
  const body = code
    .replace(/^import \{ ([^}]+) \} from [^;]+;$/gm, (_, names: string) => `const { ${names} } = imports;`)
    .replace(/^export function (\w+)/m, 'exports.$1 = $1; function $1')
    .replace(/^export \{ (\w+) \};$/m, 'exports.$1 = $1;');
  const exports: Record<string, unknown> = {};
  new Function('imports', 'exports', body)(imports, exports);
  return exports;
}

describe('react-icons per icon', () => {
  it('applies to the installed package', () => {
    expect(REACT_ICONS_MODULE.test(ICONS_FILE)).toBe(true);
  });

  it('finds every exported icon of the installed package', () => {
    expect(EXPORTED.length).toBeGreaterThan(300);
    expect([...iconSources(SOURCE).keys()].sort()).toEqual([...EXPORTED].sort());
  });

  it('turns the package module into one re-export per icon, each from its own module', () => {
    const list = perIconModule(SOURCE, '', '/x/react-icons.esm.js');
    expect(list.split('\n')).toHaveLength(EXPORTED.length);
    expect(list).toContain('export { PersonIcon } from "/x/react-icons.esm.js?icon=PersonIcon";');
    expect(list).not.toContain('forwardRef');
  });

  it("makes an icon's module that renders that icon, with the shared helper", () => {
    const helper = evaluate(perIconModule(SOURCE, '?icon-helper', '/x/i.js'), {});
    const created: unknown[][] = [];
    const react = {
      forwardRef: (render: (props: object, ref: unknown) => unknown) => render,
      createElement: (...args: unknown[]) => created.push(args),
    };
    const code = perIconModule(SOURCE, '?icon=StopIcon', '/x/i.js');
    expect(code).toContain('from "/x/i.js?icon-helper"');
    expect(code).not.toContain('PlayIcon');
    const { StopIcon } = evaluate(code, { ...react, ...helper });
    (StopIcon as (props: object, ref: unknown) => unknown)({ color: 'red', width: 20 }, null);
    const svg = created.find((args) => args[0] === 'svg');
    const path = created.find((args) => args[0] === 'path');
    expect(svg?.[1]).toMatchObject({ width: 20, viewBox: '0 0 15 15', ref: null });
    expect(svg?.[1]).not.toHaveProperty('color');
    expect(path?.[1]).toMatchObject({ fill: 'red' });
  });

  it('refuses an icon the package lacks, and a layout it does not know', () => {
    expect(() => perIconModule(SOURCE, '?icon=NoSuchIcon', '/x/i.js')).toThrow(/no NoSuchIcon/);
    expect(() => iconSources(SOURCE.replace('var PersonIcon =', 'const PersonIcon ='))).toThrow(
      /no source found for PersonIcon/,
    );
  });
});
