// Runs the benchmarks of the list (benchmarks.ts) one after another, each printing its figures; with names,
// only those. Options after `--` go to each selected benchmark. What a benchmark that succeeded printed
// replaces its section of docs/benchmarks.md, dated (not with --no-record, nor for its --help). Exits 1
// when any of them failed.
//   npm run bench [-- [--no-record] <name>... [-- <benchmark options>]]
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCHMARKS, type Benchmark, recordFigures } from './benchmarks.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The benchmarks a command line selects, and the options passed on to each; throws on an unknown name. */
export function selection(args: readonly string[]): {
  list: boolean;
  help: boolean;
  record: boolean;
  chosen: Benchmark[];
  passOn: string[];
} {
  const { values, tokens } = parseArgs({
    args: [...args],
    options: {
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      'no-record': { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
    tokens: true,
  });
  const end = tokens.find((token) => token.kind === 'option-terminator')?.index ?? args.length;
  const names = tokens.flatMap((token) =>
    token.kind === 'positional' && token.index < end ? [token.value] : [],
  );
  const passOn = args.slice(end + 1);
  const unknown = names.filter((name) => !BENCHMARKS.some((each) => each.name === name));
  if (unknown.length > 0)
    throw new Error(
      `unknown benchmark(s): ${unknown.join(', ')}; choose from ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
  const chosen =
    names.length === 0 ? [...BENCHMARKS] : BENCHMARKS.filter((each) => names.includes(each.name));
  const record = !values['no-record'] && !passOn.some((arg) => arg === '--help' || arg === '-h');
  return { list: Boolean(values.list), help: Boolean(values.help), record, chosen, passOn };
}

/** Runs a Node script, its output shown as it comes and kept; resolves with its exit status. */
function runPrinting(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['inherit', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let choice: ReturnType<typeof selection>;
  try {
    choice = selection(process.argv.slice(2));
  } catch (error) {
    console.error(`[bench] ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  if (choice.help || choice.list) {
    if (choice.help)
      console.log(
        'usage: npm run bench [-- [--no-record] <name>... [-- <benchmark options>]]  (--list: the benchmarks)\n',
      );
    for (const each of BENCHMARKS) console.log(`  ${each.name.padEnd(18)} ${each.measures}`);
    process.exit(0);
  }
  let failed = 0;
  for (const each of choice.chosen) {
    console.log(`\n=== ${each.name} ===`);
    const { status, output } = await runPrinting([join(HERE, each.file), ...choice.passOn]);
    if (status !== 0) failed += 1;
    else if (choice.record) recordFigures(each.name, output, choice.passOn);
  }
  process.exit(failed > 0 ? 1 : 0);
}
