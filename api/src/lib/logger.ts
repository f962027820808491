import pino from 'pino';
import { logTraceFields } from '../observability/tracing.ts';
import { humanLogLine, type LogFormat, writesForPeople } from './log-format.ts';

/**
 * The app's logger; secrets are redacted even if someone logs a request by mistake. Lines are JSON,
 * or (LOG_FORMAT=pretty, or auto on a terminal) the same fields as lines a person reads.
 */
export function createLogger(
  level: string,
  format: LogFormat = 'json',
  /** Where JSON lines go instead of standard output (a test reads them). */
  sink?: { write: (line: string) => void },
) {
  const forPeople = writesForPeople(format, process.stdout.isTTY === true);
  const stdout = forPeople ? pino.destination({ dest: 1, sync: true }) : undefined;
  const destination = sink ?? (stdout && { write: (line: string) => stdout.write(humanLogLine(line)) });
  return pino(
    {
      level,
      // With tracing on, a line written inside a request's or a call's span carries its trace id.
      mixin: logTraceFields,
      redact: {
        paths: [
          'password',
          '*.password',
          'req.headers.cookie',
          'req.headers.authorization',
          'headers.cookie',
          'headers.authorization',
          '*.token',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
