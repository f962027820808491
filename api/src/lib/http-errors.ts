/** An error the API renders as `{message, code}` with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  /** Flags rendered beside message and code (e.g. `{duplicate: true}`); part of the error contract. */
  readonly flags: { duplicate?: true };

  constructor(
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
    flags: { duplicate?: true } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.flags = flags;
  }
}

export const badRequest = (message: string, code = 'bad_request') => new HttpError(400, code, message);
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const serviceUnavailable = (message: string) => new HttpError(503, 'not_configured', message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', 'Too many attempts. Please try again later.', {
    'Retry-After': String(retryAfterSeconds),
  });
