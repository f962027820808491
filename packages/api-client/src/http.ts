import type { QueryFunction } from '@tanstack/react-query';

/** localStorage key holding the signed-in user's tenant id. */
export const TENANT_ID_STORAGE_KEY = 'annie.tenantId';
/** localStorage key holding the signed-in user's id. */
export const USER_ID_STORAGE_KEY = 'annie.userId';

const DEFAULT_TENANT_ID = 'default';
const DEFAULT_USER_ID = 'test-user';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A non-OK response: message is "{status}: {body text or statusText}". */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }
}

/** True for an ApiError, also one thrown by another copy of this module (e.g. a remote's own bundle). */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof Error &&
    error.name === 'ApiError' &&
    typeof (error as Partial<ApiError>).status === 'number' &&
    typeof (error as Partial<ApiError>).body === 'string'
  );
}

/** The X-Tenant-Id and X-User-Id headers every request carries: the stored ids, else the defaults. */
export function identityHeaders(): Record<string, string> {
  return {
    'X-Tenant-Id': localStorage.getItem(TENANT_ID_STORAGE_KEY) ?? DEFAULT_TENANT_ID,
    'X-User-Id': localStorage.getItem(USER_ID_STORAGE_KEY) ?? DEFAULT_USER_ID,
  };
}

export type RequestOptions = {
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent while the user leaves it, e.g. ending a call). */
  keepalive?: boolean;
  /** Headers beside the identity ones (e.g. a grant only the page that asked for it holds). */
  headers?: Record<string, string>;
};

async function send(
  method: HttpMethod,
  url: string,
  body: { text: string; contentType: string } | undefined,
  options: RequestOptions,
): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: {
      ...identityHeaders(),
      ...options.headers,
      ...(body ? { 'Content-Type': body.contentType } : {}),
    },
    body: body?.text,
    credentials: 'include',
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  return response;
}

/** Sends a request with the identity headers and cookies; throws ApiError unless the response is OK. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const body =
    data === undefined ? undefined : { text: JSON.stringify(data), contentType: 'application/json' };
  return send(method, url, body, options);
}

/** Like apiRequest with a body that is not JSON (e.g. an SDP offer), sent as is with its content type. */
export async function apiRequestText(
  method: HttpMethod,
  url: string,
  text: string,
  contentType: string,
  options: RequestOptions = {},
): Promise<Response> {
  return send(method, url, { text, contentType }, options);
}

/** Like apiRequest, then parses the response body as JSON. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  data?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiRequest(method, url, data, options);
  return (await response.json()) as T;
}

/** The react-query reader: GET of the query key parts joined with "/", optionally null on 401. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await apiJson<T>('GET', queryKey.join('/'), undefined, { signal });
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error) && error.status === 401) return null;
      throw error;
    }
  };
}

/**
 * The server's JSON `message` carried by an ApiError, else the fallback. Only the message is read,
 * whatever else the body carries (the full body is `apiErrorBodySchema`); checked by hand so that this
 * module, which the login page loads, does not bring zod along.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  try {
    const body: unknown = JSON.parse(error.body);
    const message =
      typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    return typeof message === 'string' && message ? message : fallback;
  } catch {
    return fallback;
  }
}

// A body worth showing as is: one short line that is neither markup nor JSON (e.g. a proxy's "Bad Gateway").
const PLAIN_TEXT_BODY = /^[^<{[\r\n][^\r\n]{0,199}$/;

/**
 * What to tell the user about a failed request: the server's JSON `message`, else the "{status}: {body}"
 * text when the body is empty or one short plain line, else the fallback (also for errors that are not
 * API errors, such as a dropped connection).
 */
export function errorText(error: unknown, fallback: string): string {
  const message = errorMessage(error, '');
  if (message) return message;
  if (isApiError(error) && (error.body === '' || PLAIN_TEXT_BODY.test(error.body))) return error.message;
  return fallback;
}
