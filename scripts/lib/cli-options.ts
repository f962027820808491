// Command-line options of the benchmark and chaos scripts, parsed by node:util's parseArgs, with a --help
// that lists each option and what it does.
import { parseArgs } from 'node:util';

export type OptionSpec =
  | { type: 'boolean'; help: string }
  | { type: 'string'; help: string; default?: string; value?: string };

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** How the command is run, e.g. `node scripts/bench/knowledge.ts`. */
  usage: string;
  /** What the command does, in a sentence or two. */
  about: string;
  options: O;
}

type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]: O[K] extends { type: 'boolean' }
    ? boolean
    : O[K] extends { default: string }
      ? string
      : string | undefined;
};

/** The --help text of a command. */
export function helpText(spec: CommandSpec<Record<string, OptionSpec>>): string {
  const rows: [string, string][] = Object.entries(spec.options).map(([name, option]) => {
    const value = option.type === 'string' ? ` <${option.value ?? 'value'}>` : '';
    const fallback =
      option.type === 'string' && option.default !== undefined ? ` (default ${option.default})` : '';
    return [`--${name}${value}`, `${option.help}${fallback}`];
  });
  rows.push(['-h, --help', 'print this text']);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  const options = rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`);
  return [
    `usage: ${spec.usage}${rows.length > 1 ? ' [options]' : ''}`,
    '',
    spec.about,
    '',
    'options:',
    ...options,
    '',
  ].join('\n');
}

/** The failure of a command line: what was wrong, and the usage line. */
export class UsageError extends Error {}

/** Parses `args` against `spec`; throws a UsageError on an unknown option or a missing value. */
export function parseOptions<const O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  args: readonly string[],
): { help: boolean; values: Values<O> } {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [
      name,
      option.type === 'boolean'
        ? { type: 'boolean' as const, default: false }
        : { type: 'string' as const, ...(option.default === undefined ? {} : { default: option.default }) },
    ]),
  );
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    });
    const { help, ...rest } = values;
    return { help: Boolean(help), values: rest as Values<O> };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The options of this process's command line. `--help` prints the help text and exits 0; a wrong command
 * line prints what was wrong and the usage line, and exits 2.
 */
export function commandLine<const O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): Values<O> {
  try {
    const { help, values } = parseOptions(spec, process.argv.slice(2));
    if (help) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return values;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n${helpText(spec).split('\n')[0]} (--help for the options)\n`);
    process.exit(2);
  }
}

/** A numeric option's value; a UsageError-like exit when it is not a number. */
export function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || value.trim() === '') {
    process.stderr.write(`--${name} takes a number, not "${value}"\n`);
    process.exit(2);
  }
  return number;
}
