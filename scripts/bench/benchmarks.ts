// The one list of benchmarks: `npm run bench` runs it in this order (or the named ones), each script's
// --help describes itself from it, and the README's benchmark table is written from it:
// `node scripts/bench/benchmarks.ts --readme` rewrites the block between its markers. docs/benchmarks.md
// has a section per benchmark; `npm run bench` replaces a benchmark's section with its dated output.
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CommandSpec, commandLine, type OptionSpec } from '../lib/cli-options.ts';
import { ROOT } from '../lib/root.ts';

export interface Benchmark {
  /** What `npm run bench -- <name>` selects. */
  name: string;
  /** The script, in scripts/bench/. */
  file: string;
  /** What it measures, in one line. */
  measures: string;
}

export const BENCHMARKS: readonly Benchmark[] = [
  {
    name: 'build-time',
    file: 'build-time.ts',
    measures: 'cold production build of each app alone, and of all apps two at a time',
  },
  {
    name: 'bundle-size',
    file: 'bundle-size.ts',
    measures: 'bytes on the wire in Chromium: login screen, sign in → home, each further route',
  },
  {
    name: 'lighthouse',
    file: 'lighthouse.ts',
    measures: 'Lighthouse mobile score, LCP and transfer of the login screen and the signed-in home',
  },
  {
    name: 'startup',
    file: 'startup.ts',
    measures: 'start → ready on a fresh and on an existing embedded database',
  },
  {
    name: 'backup',
    file: 'backup.ts',
    measures: 'embedded db:backup while running and db:restore: sandbox seed and 100,000 messages',
  },
  {
    name: 'knowledge',
    file: 'knowledge.ts',
    measures:
      'knowledge search and list latency at 10,000 facts + notes per tenant; req/s beside bare node:http + pg',
  },
  {
    name: 'lab-jobs',
    file: 'lab-jobs.ts',
    measures: '1,000 lab jobs against the provider fake: jobs/s and queued → running',
  },
  {
    name: 'workspace-tools',
    file: 'workspace-tools.ts',
    measures: 'workspace tool overhead beyond the Google fake; `GET /api/google/status` latency',
  },
  {
    name: 'voice-tools',
    file: 'voice-tools.ts',
    measures: '`search_knowledge_base` function call → output: browser dispatcher and phone runner',
  },
  {
    name: 'messaging',
    file: 'messaging.ts',
    measures:
      'thread, contact and webhook latency at 5,000 threads / 250,000 messages; a 300/s webhook flood',
  },
  {
    name: 'messaging-browser',
    file: 'messaging-browser.ts',
    measures: 'Messages screen in Chromium: first row, long tasks while searching, webhook → text on screen',
  },
  {
    name: 'call-history',
    file: 'call-history.ts',
    measures: 'Call History pages at 40,000 calls (first and 10,000 deep); call start → end',
  },
  {
    name: 'remote-releases',
    file: 'remote-releases.ts',
    measures: 'release activation → two API instances serve it; `GET /api/remotes` latency',
  },
  {
    name: 'voice-console',
    file: 'voice-console.ts',
    measures: 'Voice Console: Start Test → first audio; microphone frame → realtime append',
  },
  {
    name: 'call-figures',
    file: 'call-figures.ts',
    measures: "a call's measurement on the bridge: CPU per realtime event, with and without it",
  },
  {
    name: 'phone-calls',
    file: 'phone-calls.ts',
    measures:
      'phone calls per instance, 20 → 50 → 100 → 200 at once against the fakes: event-loop delay, dropped frames, frame latency, CPU per call-second, the knee',
  },
  {
    name: 'live-bridge',
    file: 'live-bridge.ts',
    measures: 'phone calls on GPT-Live against the Live fake: time in our bridge, greeting, CPU per call',
  },
  {
    name: 'engines',
    file: 'engines.ts',
    measures:
      'Realtime vs GPT-Live on the phone bridge, same script against the fakes: greeting, per-turn latency, time in our bridge, CPU per call',
  },
  {
    name: 'engines-browser',
    file: 'engines-browser.ts',
    measures:
      'browser calls, Realtime vs GPT-Live against the WebRTC fakes: offer → answer, channel open, greeting audio',
  },
  {
    name: 'realtime-call',
    file: 'realtime-call.ts',
    measures: 'browser realtime call (werift peer): offer → channel open, tool round trip',
  },
  {
    name: 'voice-call',
    file: 'voice-call.ts',
    measures: 'realtime voice page in Chromium: click → Listening..., tool overhead, long tasks',
  },
];

export const README_START = '<!-- benchmarks:start -->';
export const README_END = '<!-- benchmarks:end -->';

/** The benchmark called `name`; throws for a name not in the list. */
export function benchmark(name: string): Benchmark {
  const found = BENCHMARKS.find((each) => each.name === name);
  if (!found)
    throw new Error(`no benchmark "${name}"; choose from ${BENCHMARKS.map((b) => b.name).join(', ')}`);
  return found;
}

/** The options of the benchmark `name`'s own command line (with --help from the list). */
export function benchOptions<const O extends Record<string, OptionSpec>>(name: string, options: O) {
  const spec: CommandSpec<O> = {
    usage: `node scripts/bench/${benchmark(name).file}`,
    about: `Benchmark ${name}: ${benchmark(name).measures}.\nAlso run as: npm run bench -- ${name} -- [options]`,
    options,
  };
  return commandLine(spec);
}

/** The README's block: the markers and, between them, the table of the list. */
export function readmeBlock(): string {
  const rows = BENCHMARKS.map(
    (each) => `| \`${each.name}\` | \`npm run bench -- ${each.name}\` | ${each.measures} |`,
  );
  return [
    README_START,
    '| benchmark | command | what it measures |',
    '|---|---|---|',
    ...rows,
    README_END,
  ].join('\n');
}

/** `readme` with its block replaced by `readmeBlock()`; throws when the markers are missing. */
export function withReadmeBlock(readme: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${README_START} … ${README_END} block`);
  return readme.slice(0, start) + readmeBlock() + readme.slice(end + README_END.length);
}

export const README_PATH = join(ROOT, 'README.md');
export const FIGURES_PATH = join(ROOT, 'docs/benchmarks.md');
const FIGURES_START = '<!-- figures:start -->';
const FIGURES_END = '<!-- figures:end -->';
const NOT_MEASURED = 'Not measured yet: `npm run bench -- NAME` writes its figures here.';

function sectionMarkers(name: string): [string, string] {
  return [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`];
}

/** The recorded body of each benchmark's section in `doc` (between its markers). */
function recordedBodies(doc: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const each of BENCHMARKS) {
    const [start, end] = sectionMarkers(each.name);
    const from = doc.indexOf(start);
    const to = doc.indexOf(end);
    if (from >= 0 && to > from) bodies.set(each.name, doc.slice(from + start.length, to).trim());
  }
  return bodies;
}

/**
 * `doc` (docs/benchmarks.md) with its figures block rebuilt from the list, in its order: each benchmark's
 * heading and what it measures, then its recorded body (`bodies` replace recorded ones); a benchmark new
 * to the list gets a placeholder, one no longer in it loses its section. Throws when the markers are missing.
 */
export function withFiguresSections(doc: string, bodies: ReadonlyMap<string, string> = new Map()): string {
  const start = doc.indexOf(FIGURES_START);
  const end = doc.indexOf(FIGURES_END);
  if (start < 0 || end < start)
    throw new Error(`docs/benchmarks.md has no ${FIGURES_START} … ${FIGURES_END} block`);
  const recorded = recordedBodies(doc.slice(start, end));
  const sections = BENCHMARKS.map((each) => {
    const [open, close] = sectionMarkers(each.name);
    const body = bodies.get(each.name) ?? recorded.get(each.name) ?? NOT_MEASURED.replace('NAME', each.name);
    return [
      `## ${each.name}`,
      '',
      `Measures: ${each.measures} (\`npm run bench -- ${each.name}\`).`,
      '',
      open,
      body,
      close,
    ].join('\n');
  });
  return `${doc.slice(0, start)}${[FIGURES_START, ...sections, FIGURES_END].join('\n\n')}${doc.slice(end + FIGURES_END.length)}`;
}

/** A benchmark's section body: when and where it ran, the command, and what it printed. */
export function figuresBody(
  name: string,
  output: string,
  options: { args?: readonly string[]; date?: Date } = {},
): string {
  const date = (options.date ?? new Date()).toISOString().slice(0, 16).replace('T', ' ');
  const command = ['npm run bench --', name, ...(options.args?.length ? ['--', ...options.args] : [])].join(
    ' ',
  );
  const machine = `${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are stripped from the output
  const text = output.replace(/\u001b\[[0-9;]*m/g, '').trim();
  return [`Measured ${date} UTC (${machine}) by \`${command}\`:`, '', '```text', text, '```'].join('\n');
}

/** Writes `output` of benchmark `name` into its section of docs/benchmarks.md, leaving every other one. */
export function recordFigures(name: string, output: string, args: readonly string[] = []): void {
  const doc = readFileSync(FIGURES_PATH, 'utf8');
  writeFileSync(
    FIGURES_PATH,
    withFiguresSections(doc, new Map([[name, figuresBody(name, output, { args })]])),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readme, figures } = commandLine({
    usage: 'node scripts/bench/benchmarks.ts',
    about: 'Prints the README table of the benchmarks; with --readme, writes it into README.md.',
    options: {
      readme: { type: 'boolean', help: 'rewrite the block between the markers in README.md' },
      figures: { type: 'boolean', help: 'give docs/benchmarks.md a section per benchmark of the list' },
    },
  });
  if (readme) writeFileSync(README_PATH, withReadmeBlock(readFileSync(README_PATH, 'utf8')));
  if (figures) writeFileSync(FIGURES_PATH, withFiguresSections(readFileSync(FIGURES_PATH, 'utf8')));
  if (!readme && !figures) process.stdout.write(`${readmeBlock()}\n`);
}
