/** How log lines are written: `json` for machines, `pretty` for people, `auto` picks by the terminal. */
export type LogFormat = 'auto' | 'json' | 'pretty';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
// Shown in the line's head, or dropped as noise on a terminal (the same process wrote every line).
const HEAD = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}

/**
 * One pino JSON line as a person reads it: time, level, message, then every other field as key=value
 * (the same fields as the JSON), an error's stack on the lines below.
 */
export function humanLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const fields: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      const { stack: trace, ...rest } = value as { stack?: unknown };
      stack = typeof trace === 'string' ? `\n    ${trace.split('\n').join('\n    ')}` : '';
      fields.push(`err=${valueText(rest)}`);
    } else fields.push(`${key}=${valueText(value)}`);
  }
  const message = typeof entry.msg === 'string' ? entry.msg : '';
  return `${[time, level, message, ...fields].filter(Boolean).join(' ')}${stack}\n`;
}

/** Whether to write for people: `pretty`, or `auto` with a terminal on the other end. */
export function writesForPeople(format: LogFormat, isTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && isTerminal);
}
