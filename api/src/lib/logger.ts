import pino from 'pino';

/** The app's logger; secrets are redacted even if someone logs a request by mistake. */
export function createLogger(level: string) {
  return pino({
    level,
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
  });
}
