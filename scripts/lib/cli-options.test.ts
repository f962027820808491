import { describe, expect, it } from 'vitest';
import { helpText, parseOptions, UsageError } from './cli-options.ts';

const spec = {
  usage: 'node scripts/bench/example.ts',
  about: 'An example.',
  options: {
    quick: { type: 'boolean', help: 'fewer samples' },
    runs: { type: 'string', value: 'n', default: '20', help: 'activations timed' },
    origin: { type: 'string', value: 'url', help: 'a running instance' },
  },
} as const;

describe('parseOptions', () => {
  it('gives defaults when nothing is passed', () => {
    expect(parseOptions(spec, [])).toEqual({
      help: false,
      values: { quick: false, runs: '20', origin: undefined },
    });
  });

  it('reads booleans and values in either form', () => {
    const { values } = parseOptions(spec, ['--quick', '--runs', '5', '--origin=http://127.0.0.1:3000']);
    expect(values).toEqual({ quick: true, runs: '5', origin: 'http://127.0.0.1:3000' });
  });

  it('notes --help and -h', () => {
    expect(parseOptions(spec, ['--help']).help).toBe(true);
    expect(parseOptions(spec, ['-h']).help).toBe(true);
  });

  it('refuses an unknown option, a missing value and a positional argument', () => {
    expect(() => parseOptions(spec, ['--fast'])).toThrow(UsageError);
    expect(() => parseOptions(spec, ['--runs'])).toThrow(UsageError);
    expect(() => parseOptions(spec, ['quick'])).toThrow(UsageError);
  });
});

describe('helpText', () => {
  it('lists every option with its value, default and help, then --help', () => {
    const text = helpText(spec);
    expect(text.split('\n')[0]).toBe('usage: node scripts/bench/example.ts [options]');
    expect(text).toContain('An example.');
    expect(text).toMatch(/--quick\s+fewer samples/);
    expect(text).toMatch(/--runs <n>\s+activations timed \(default 20\)/);
    expect(text).toMatch(/--origin <url>\s+a running instance/);
    expect(text).toMatch(/-h, --help\s+print this text/);
  });
});
