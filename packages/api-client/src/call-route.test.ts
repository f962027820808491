import { route, routeUrl } from '@annie/contracts/route';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callRoute } from './call-route.ts';

const item = z.object({ id: z.string(), n: z.number() });
const readItem = route({
  method: 'get',
  path: '/api/things/:group/items/:id',
  summary: 'One item',
  access: 'signed-in',
  params: { id: z.uuid() },
  query: z.object({ tags: z.array(z.string()).optional(), limit: z.number().optional() }),
  responses: { 200: { description: 'The item', schema: item } },
});
const saveItem = route({
  method: 'put',
  path: '/api/things/items/:id',
  summary: 'Save',
  access: 'signed-in',
  body: z.object({ n: z.number() }),
  responses: {
    200: { description: 'Saved', schema: item },
    204: { description: 'Nothing changed' },
  },
});
const ID = '7d3f6c1e-2a4b-4c5d-8e9f-0a1b2c3d4e5f';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callRoute', () => {
  it('builds the URL from the path params (encoded) and the defined query values', () => {
    expect(
      routeUrl(readItem, {
        params: { group: 'a/b c', id: ID },
        query: { tags: ['x', 'y'], limit: undefined },
      }),
    ).toBe(`/api/things/a%2Fb%20c/items/${ID}?tags=x&tags=y`);
    expect(() => routeUrl(readItem, { params: { id: ID } })).toThrow('needs the "group" param');
  });

  it('sends the method and JSON body, and parses the answer with the schema of its status', async () => {
    const api = stubFetch({
      'PUT /api/things/items/:id': ({ body }) => ({
        status: 200,
        body: { id: ID, n: (body as { n: number }).n },
      }),
    });
    const saved = await callRoute(saveItem, { params: { id: ID }, body: { n: 3 } });
    expect(saved).toEqual({ id: ID, n: 3 });
    expect(api.requests()[0]?.body).toEqual({ n: 3 });
  });

  it('gives undefined for an answer without a body, and throws for one its contract does not describe', async () => {
    stubFetch({ 'PUT /api/things/items/:id': { status: 204 } });
    await expect(callRoute(saveItem, { params: { id: ID }, body: { n: 1 } })).resolves.toBeUndefined();
    stubFetch({ 'PUT /api/things/items/:id': { status: 202, body: {} } });
    await expect(callRoute(saveItem, { params: { id: ID }, body: { n: 1 } })).rejects.toThrow('answered 202');
    stubFetch({ 'GET /api/things/:group/items/:id': { status: 200, body: { id: ID, n: 'one' } } });
    await expect(callRoute(readItem, { params: { group: 'g', id: ID } })).rejects.toThrow();
  });

  it('types the input and the answer from the contract', async () => {
    stubFetch({ 'GET /api/things/:group/items/:id': { status: 200, body: { id: ID, n: 1 } } });
    const answer: { id: string; n: number } = await callRoute(readItem, { params: { group: 'g', id: ID } });
    expect(answer.n).toBe(1);
    // @ts-expect-error the path's params are required
    await expect(callRoute(readItem, {})).rejects.toThrow();
    // @ts-expect-error a body the contract does not take
    void callRoute(saveItem, { params: { id: ID }, body: { n: 'x' } }).catch(() => {});
  });
});
