import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS, README_PATH, readmeBlock, withReadmeBlock } from './benchmarks.ts';
import { selection } from './run-all.ts';

const HERE = import.meta.dirname;

describe('the list of benchmarks', () => {
  it('names every benchmark script in this folder once, and only those', () => {
    const names = BENCHMARKS.map((each) => each.name);
    expect(new Set(names).size).toBe(names.length);
    for (const each of BENCHMARKS) {
      expect(each.file).toBe(`${each.name}.ts`);
      expect(existsSync(join(HERE, each.file)), each.file).toBe(true);
      expect(each.measures).not.toContain('|');
    }
    const scripts = readdirSync(HERE).filter(
      (file) =>
        file.endsWith('.ts') && !file.endsWith('.test.ts') && !['benchmarks.ts', 'run-all.ts'].includes(file),
    );
    expect(BENCHMARKS.map((each) => each.file).sort()).toEqual(scripts.sort());
  });

  it('is what the README shows between its markers (`node scripts/bench/benchmarks.ts --readme`)', () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toContain(readmeBlock());
    expect(withReadmeBlock(readme)).toBe(readme);
  });
});

describe('npm run bench arguments', () => {
  it('runs the whole list by default, in its order', () => {
    expect(selection([]).chosen).toEqual(BENCHMARKS);
  });

  it('runs the named ones, in the list order, passing options after -- on', () => {
    const choice = selection(['knowledge', 'startup', '--', '--quick']);
    expect(choice.chosen.map((each) => each.name)).toEqual(['startup', 'knowledge']);
    expect(choice.passOn).toEqual(['--quick']);
  });

  it('refuses an unknown name', () => {
    expect(() => selection(['knowlege'])).toThrow(/unknown benchmark/);
  });

  it('takes --list and --help', () => {
    expect(selection(['--list']).list).toBe(true);
    expect(selection(['-h']).help).toBe(true);
  });
});
