import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib/root.ts';

// The failover chaos script end to end (about a minute: the HA topology's start is most of it). It exits
// 1 when a figure misses its bound; the figures it prints are checked here as well, so a failure names one.
describe('database failover under write load (scripts/chaos/failover.ts)', () => {
  it('resumes writes within 10 s of the primary’s death, loses no acknowledged write, resyncs, runs no slot twice', async () => {
    const child = spawn(process.execPath, ['scripts/chaos/failover.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    console.log(output);
    const resumed = /writes resumed: ([\d.]+) s after the kill/.exec(output);
    expect(Number(resumed?.[1])).toBeLessThanOrEqual(10);
    expect(output).toMatch(/acknowledged writes lost: 0 of [1-9]\d*/);
    expect(output).toMatch(/event stream on instance 2: resync [\d.]+ s after the kill, then live events/);
    expect(output).toMatch(/pg-boss: a lab job queued after the failover ran in \d+ ms/);
    expect(output).toMatch(/schedules: [1-9]\d* slot runs, 0 slot\(s\) run twice/);
    expect(output).toContain('WAL archiving (pgBackRest): works on the new primary');
    expect(output).toMatch(/rejoined: node\d as a streaming replica of the new primary in \d+ ms, caught up/);
    expect(output).toMatch(/session cache: a sign-out on instance 1 ended it on instance 2 in \d+ ms/);
    expect(code).toBe(0);
  }, 240_000);
});
