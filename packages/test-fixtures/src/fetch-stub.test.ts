import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from './fetch-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stubFetch', () => {
  it('answers the matching route with JSON and records the request', async () => {
    const api = stubFetch({ 'GET /api/lab/jobs': { status: 200, body: [] } });
    const response = await fetch('/api/lab/jobs?limit=5');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    expect(api.requests()).toMatchObject([{ method: 'GET', path: '/api/lab/jobs' }]);
    expect(api.requests()[0]?.query.get('limit')).toBe('5');
  });

  it('hands a handler the path params and the parsed body, and tells methods apart', async () => {
    const api = stubFetch({
      'GET /api/sms/threads/:id': ({ params }) => ({ status: 200, body: { id: params.id } }),
      'POST /api/sms/threads/:id/messages': ({ body }) => ({ status: 201, body }),
    });
    expect(await (await fetch('/api/sms/threads/t%201')).json()).toEqual({ id: 't 1' });
    const sent = await fetch('/api/sms/threads/t1/messages', { method: 'POST', body: '{"text":"hi"}' });
    expect(await sent.json()).toEqual({ text: 'hi' });
    expect(api.requests('POST').map((request) => request.body)).toEqual([{ text: 'hi' }]);
  });

  it('waits for a handler that answers later', async () => {
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    stubFetch({ 'POST /api/login': () => new Promise((resolve) => (answer = resolve)) });
    const pending = fetch('/api/login', { method: 'POST' });
    answer({ status: 200, body: { id: 'u1' } });
    expect(await (await pending).json()).toEqual({ id: 'u1' });
  });

  it('answers anything else with the API 404 body', async () => {
    stubFetch({ 'GET /api/lab/jobs': { status: 200, body: [] } });
    const response = await fetch('/api/lab/jobs', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('serves a given Response again on every call', async () => {
    stubFetch({ 'GET /api/export': new Response('{"a":1}', { status: 200 }) });
    expect(await (await fetch('/api/export')).text()).toBe('{"a":1}');
    expect(await (await fetch('/api/export')).text()).toBe('{"a":1}');
  });

  it('builds JSON responses, with no body for undefined', async () => {
    expect(jsonResponse(201, { id: 1 }).headers.get('Content-Type')).toBe('application/json');
    expect(await jsonResponse(204, undefined).text()).toBe('');
  });
});
