import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { isDatabaseOutage, isUnstorableValue } from '../lib/database-outage.ts';
import { HttpError } from '../lib/http-errors.ts';

/** How long a client should wait before retrying while the database is away (restart, failover). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

type ErrorBody = {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
  duplicate?: true;
};

function describeZodError(error: ZodError): ErrorBody {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const namesField = first && (!first.path || first.message.toLowerCase().includes(first.path.toLowerCase()));
  const message = first
    ? namesField
      ? first.message
      : `${first.path}: ${first.message}`
    : 'Invalid request';
  return { message, code: 'validation_failed', issues };
}

/** Status and body for any thrown value; never exposes internals for 5xx. */
export function renderError(error: unknown): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...error.flags },
      headers: error.headers,
    };
  }
  if (error instanceof ZodError) return { status: 400, body: describeZodError(error) };
  // The safety net behind validation: a value PostgreSQL refuses is the request's fault, not a bug.
  if (isUnstorableValue(error)) {
    return {
      status: 400,
      body: {
        message: 'A value in the request cannot be stored (a NUL character, or a number or text too large)',
        code: 'invalid_value',
      },
    };
  }
  if (isDatabaseOutage(error)) {
    return {
      status: 503,
      body: {
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
        code: 'database_unavailable',
      },
      headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) },
    };
  }
  const candidate = error as {
    status?: unknown;
    type?: unknown;
    expose?: unknown;
    message?: unknown;
    name?: unknown;
  };
  if (candidate?.type === 'entity.too.large') {
    return { status: 413, body: { message: 'Request body is too large', code: 'payload_too_large' } };
  }
  if (candidate?.type === 'entity.parse.failed' || candidate?.name === 'SyntaxError') {
    return { status: 400, body: { message: 'Malformed JSON in request body', code: 'malformed_json' } };
  }
  if (candidate?.name === 'NotFoundError')
    return { status: 404, body: { message: 'Not found', code: 'not_found' } };
  if (candidate?.name === 'UniqueConstraintViolationException') {
    return { status: 409, body: { message: 'This record already exists', code: 'conflict' } };
  }
  const status = typeof candidate?.status === 'number' ? candidate.status : 500;
  if (status < 500 && candidate?.expose === true && typeof candidate.message === 'string') {
    return { status, body: { message: candidate.message, code: 'bad_request' } };
  }
  return { status: 500, body: { message: 'Internal server error', code: 'internal' } };
}

/** The one place errors become responses: JSON `{message, code, issues?}`, no stack traces. */
export function errorHandler(logger: Logger): Middleware {
  return async function handleErrors(ctx, next) {
    try {
      await next();
    } catch (error) {
      const { status, body, headers } = renderError(error);
      // An outage is logged once per request without the stack: it is the database, not a bug here.
      if (status === 503 && body.code === 'database_unavailable')
        logger.warn({ path: ctx.path, reason: (error as Error).message }, 'database unavailable');
      else if (status >= 500) logger.error({ err: error, path: ctx.path }, 'request failed');
      ctx.status = status;
      ctx.body = body;
      if (headers) ctx.set(headers);
    }
  };
}
