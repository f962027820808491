import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorMessage, errorText, getQueryFn } from './http.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function respond(status: number, body: string, statusText = '') {
  fetchMock.mockResolvedValueOnce(new Response(body || null, { status, statusText }));
}

function sentInit(): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (!init) throw new Error('fetch was not called with options');
  return init;
}

function sentHeaders(): Record<string, string> {
  return sentInit().headers as Record<string, string>;
}

describe('apiRequest', () => {
  it('sends the default identity headers when nothing is stored', async () => {
    respond(200, '{}');
    await apiRequest('GET', '/api/lab/jobs');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/lab/jobs');
    expect(sentHeaders()).toEqual({ 'X-Tenant-Id': 'default', 'X-User-Id': 'test-user' });
  });

  it('sends the stored tenant and user ids', async () => {
    localStorage.setItem('annie.tenantId', 'tenant-7');
    localStorage.setItem('annie.userId', 'user-42');
    respond(200, '{}');
    await apiRequest('GET', '/api/knowledge/facts');
    expect(sentHeaders()).toMatchObject({ 'X-Tenant-Id': 'tenant-7', 'X-User-Id': 'user-42' });
  });

  it('always includes cookies', async () => {
    respond(200, '{}');
    await apiRequest('POST', '/api/logout');
    expect(sentInit().credentials).toBe('include');
    expect(sentInit().method).toBe('POST');
  });

  it('sets a JSON content type and serialises the body only when there is one', async () => {
    respond(200, '{}');
    await apiRequest('POST', '/api/knowledge/facts', { key: 'ph', value: '7' });
    expect(sentHeaders()['Content-Type']).toBe('application/json');
    expect(sentInit().body).toBe('{"key":"ph","value":"7"}');
  });

  it('sends no content type and no body without data', async () => {
    respond(200, '{}');
    await apiRequest('POST', '/api/calls/start');
    expect(sentHeaders()).not.toHaveProperty('Content-Type');
    expect(sentInit().body).toBeUndefined();
  });

  it('throws "{status}: {body}" on a non-OK response', async () => {
    respond(401, '{"message":"Invalid username or password"}', 'Unauthorized');
    const error = await apiRequest('POST', '/api/login', { username: 'a', password: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('401: {"message":"Invalid username or password"}');
    expect(error.status).toBe(401);
    expect(error.body).toBe('{"message":"Invalid username or password"}');
  });

  it('uses the status text in the error message when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/call-sessions')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiJson', () => {
  it('parses the response body as JSON', async () => {
    respond(200, '{"id":"call-1"}');
    await expect(apiJson<{ id: string }>('POST', '/api/calls/start')).resolves.toEqual({ id: 'call-1' });
  });
});

describe('getQueryFn', () => {
  async function runQuery(queryFn: ReturnType<typeof getQueryFn>, queryKey: string[]) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.fetchQuery({ queryKey, queryFn });
  }

  it('GETs the query key parts joined with "/"', async () => {
    respond(200, '[{"id":"n1"}]');
    const data = await runQuery(getQueryFn({ on401: 'throw' }), ['/api/knowledge', 'notes']);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/knowledge/notes');
    expect(sentInit().method).toBe('GET');
    expect(data).toEqual([{ id: 'n1' }]);
  });

  it('returns null on 401 when set to returnNull', async () => {
    respond(401, '{"message":"Unauthorized"}', 'Unauthorized');
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 when set to throw', async () => {
    respond(401, '', 'Unauthorized');
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/auth/user'])).rejects.toThrow(
      '401: Unauthorized',
    );
  });

  it('still throws other errors when set to returnNull', async () => {
    respond(500, 'boom', 'Internal Server Error');
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).rejects.toThrow(
      '500: boom',
    );
  });
});

describe('errorMessage', () => {
  it("returns the server's JSON message", () => {
    const error = new ApiError(401, 'Unauthorized', '{"message":"Invalid username or password"}');
    expect(errorMessage(error, 'Login failed')).toBe('Invalid username or password');
  });

  it('falls back when the body is not JSON, has no message, or is empty', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html>'), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError(400, 'Bad Request', '{"code":"x"}'), 'Login failed')).toBe(
      'Login failed',
    );
    expect(errorMessage(new ApiError(500, 'Server Error', ''), 'Login failed')).toBe('Login failed');
  });

  it('falls back for errors that are not API errors', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
    expect(errorMessage('nope', 'Login failed')).toBe('Login failed');
  });
});

describe('errorText', () => {
  it("prefers the server's JSON message", () => {
    const error = new ApiError(400, 'Bad Request', '{"message":"to: Invalid phone number","code":"invalid"}');
    expect(errorText(error, 'Failed to send message')).toBe('to: Invalid phone number');
  });

  it('gives "{status}: {body}" for an empty or one-line plain-text body', () => {
    expect(errorText(new ApiError(502, 'Bad Gateway', 'upstream timed out'), 'Failed')).toBe(
      '502: upstream timed out',
    );
    expect(errorText(new ApiError(503, 'Service Unavailable', ''), 'Failed')).toBe(
      '503: Service Unavailable',
    );
  });

  it('falls back for markup, JSON without a message, long or multi-line bodies', () => {
    expect(errorText(new ApiError(502, 'Bad Gateway', '<html><body>502</body></html>'), 'Failed')).toBe(
      'Failed',
    );
    expect(errorText(new ApiError(400, 'Bad Request', '{"code":"x"}'), 'Failed')).toBe('Failed');
    expect(errorText(new ApiError(500, 'Server Error', 'x'.repeat(201)), 'Failed')).toBe('Failed');
    expect(errorText(new ApiError(500, 'Server Error', 'line one\nline two'), 'Failed')).toBe('Failed');
  });

  it('falls back for errors that are not API errors, and for none', () => {
    expect(errorText(new TypeError('Failed to fetch'), 'Failed to export job')).toBe('Failed to export job');
    expect(errorText(null, 'Failed to create job')).toBe('Failed to create job');
  });
});
