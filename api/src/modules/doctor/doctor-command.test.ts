import { doctorReportSchema } from '@annie/contracts/doctor';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/annie-cli.ts';

/** The command on a machine with only these settings (no database: nothing here needs one). */
function doctor(env: Record<string, string>, ...args: string[]) {
  return runCli(['doctor', ...args], { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env });
}

describe('npm run annie -- doctor', () => {
  it('with nothing configured: every provider "not configured", exit 0', () => {
    const run = doctor({});
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('OpenAI: not configured');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('No provider is configured.');
  });

  it('exits 1 when a configured provider fails, and --json prints the report', () => {
    // Nothing listens on the discard port.
    const run = doctor({ AGT_BASE_URL: 'http://127.0.0.1:9', AGT_API_KEY: 'agt-secret' }, '--json');
    expect(run.status).toBe(1);
    const report = doctorReportSchema.parse(JSON.parse(run.stdout));
    expect(report.healthy).toBe(false);
    expect(report.providers.find((provider) => provider.provider === 'chemistry')?.state).toBe('failing');
    expect(run.stdout).not.toContain('agt-secret');
  });
});
