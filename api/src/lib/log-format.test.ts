import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { humanLogLine } from './log-format.ts';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** What the app's logger writes to stdout, run in a process whose stdout is a pipe (not a terminal). */
function loggedBy(format: string): string {
  const script = `const { createLogger } = await import(${JSON.stringify(LOGGER)});
    createLogger('info', ${JSON.stringify(format)}).info({ port: 3000, sandbox: false, who: 'the lab' }, 'AnnieAI is ready');`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).stdout;
}

describe('log lines', () => {
  it('are JSON when stdout is not a terminal (LOG_FORMAT=auto), for machines', () => {
    const line = JSON.parse(loggedBy('auto')) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      msg: 'AnnieAI is ready',
      port: 3000,
      sandbox: false,
      who: 'the lab',
    });
  });

  it('are lines for people with LOG_FORMAT=pretty, with the same fields', () => {
    const line = loggedBy('pretty');
    expect(line).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}AnnieAI is ready port=3000 sandbox=false who="the lab"\n$/,
    );
  });

  it('show an error as its message and stack below the line, every other field kept', () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    logger.error({ err: new Error('disk full'), day: '2026-11-27' }, 'SCHEDULED BACKUP FAILED');
    const human = humanLogLine(lines[0] ?? '');
    expect(human).toMatch(
      /ERROR SCHEDULED BACKUP FAILED err=\{"type":"Error","message":"disk full"\} day=2026-11-27\n {4}Error: disk full/,
    );
    const json = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    for (const key of Object.keys(json).filter(
      (key) => !['level', 'time', 'msg', 'pid', 'hostname'].includes(key),
    )) {
      expect(human).toContain(`${key}=`);
    }
  });
});
