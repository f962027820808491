#!/usr/bin/env node
// A phone call across a crash and a rolling restart, as CI proves it (api/src/phone-calls-chaos.test.ts):
// two API processes behind a balancer that routes on /readyz, Twilio and OpenAI as loopback fakes, a call
// in progress on one of them. kill -9 → the call resumes on the other (one transcript, one figures row);
// SIGTERM → the call plays to its end with no frame dropped, a new call lands on the other instance, and
// the drained one exits after the call. Runs that test RUNS times (its databases are cloned by vitest's
// setup from the local PostgreSQL) and prints each run's figures and their range.
import { spawnSync } from 'node:child_process';
import { commandLine, numberOption } from '../lib/cli-options.ts';
import { ROOT } from '../lib/root.ts';

const OPTIONS = commandLine({
  usage: 'node scripts/chaos/phone-calls.ts',
  about:
    'kill -9 and SIGTERM to the API instance carrying a phone call (two instances, a readiness balancer, the fakes); prints crash → resumed and the drain across SIGTERM.',
  options: { runs: { type: 'string', value: 'n', default: '3', help: 'how many times to run it' } },
});
const RUNS = numberOption(OPTIONS.runs, 'runs', 3);
const TEST = 'api/src/phone-calls-chaos.test.ts';

const resumed: number[] = [];
const ranOn: number[] = [];
const exitedAfter: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const result = spawnSync('pnpm', ['exec', 'vitest', 'run', TEST], { cwd: ROOT, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  const crash = /crash → call resumed \(assistant heard again\): (\d+) ms/.exec(output);
  const drain = /the live call ran on for (\d+) ms, then the instance exited after (\d+) ms/.exec(output);
  if (result.status !== 0 || !crash || !drain) {
    console.log(output);
    throw new Error(`run ${run} failed (vitest exited with ${result.status})`);
  }
  resumed.push(Number(crash[1]));
  ranOn.push(Number(drain[1]));
  exitedAfter.push(Number(drain[2]));
  console.log(
    `run ${run}: kill -9 → call resumed on the other instance in ${crash[1]} ms; SIGTERM → the call ran on ${drain[1]} ms to its end (0 frames dropped), the instance exited ${drain[2]} ms after it`,
  );
}
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)} ms`;
console.log(
  `${RUNS} runs: crash → resumed ${range(resumed)} (target 2,000 ms); drained instance exited ${range(exitedAfter)} after its last call ended (calls ran on ${range(ranOn)} after SIGTERM)`,
);
