import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCHMARKS,
  FIGURES_PATH,
  figuresBody,
  README_PATH,
  readmeBlock,
  withFiguresSections,
  withReadmeBlock,
} from './benchmarks.ts';
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

describe('docs/benchmarks.md', () => {
  const doc = readFileSync(FIGURES_PATH, 'utf8');
  const bodyOf = (text: string, name: string) =>
    new RegExp(`<!-- bench:${name}:start -->\\n([\\s\\S]*?)\\n<!-- bench:${name}:end -->`).exec(text)?.[1];

  it('has a section per benchmark, in the list order (`node scripts/bench/benchmarks.ts --figures`)', () => {
    expect(withFiguresSections(doc)).toBe(doc);
    const headings = [...doc.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
    expect(headings.slice(0, BENCHMARKS.length)).toEqual(BENCHMARKS.map((each) => each.name));
    for (const each of BENCHMARKS) expect(bodyOf(doc, each.name), each.name).toBeTruthy();
  });

  it("a run replaces its benchmark's section and no other", () => {
    const recorded = withFiguresSections(doc, new Map([['startup', 'fresh 7.1 s']]));
    expect(bodyOf(recorded, 'startup')).toBe('fresh 7.1 s');
    for (const each of BENCHMARKS.filter((one) => one.name !== 'startup'))
      expect(bodyOf(recorded, each.name), each.name).toBe(bodyOf(doc, each.name));
    const original = bodyOf(doc, 'startup') ?? '';
    expect(withFiguresSections(recorded, new Map([['startup', original]]))).toBe(doc);
  });

  it('dates what a run printed and names its command, without colour codes', () => {
    const body = figuresBody('knowledge', '\u001b[32msearch p95 3.8 ms\u001b[39m\n', {
      args: ['--quick'],
      date: new Date('2026-11-29T10:20:00Z'),
    });
    expect(body).toMatch(
      /^Measured 2026-11-29 10:20 UTC \(\d+ cores, load average [\d.]+\) by `npm run bench -- knowledge -- --quick`:/,
    );
    expect(body).toContain('```text\nsearch p95 3.8 ms\n```');
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

  it("records figures unless told not to or asked for a benchmark's help", () => {
    expect(selection(['startup']).record).toBe(true);
    expect(selection(['--no-record', 'startup']).record).toBe(false);
    expect(selection(['startup', '--', '--help']).record).toBe(false);
  });

  it('takes --list and --help', () => {
    expect(selection(['--list']).list).toBe(true);
    expect(selection(['-h']).help).toBe(true);
  });
});
