import { startAgtFake } from '@annie/fakes/agt-fake';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AGT_NOT_CONFIGURED_MESSAGE, AgtClient, type AgtClientConfig, AgtError } from './agt-client.ts';

const fake = await startAgtFake({ apiKey: 'client-key' });
afterAll(() => fake.close());

const config: AgtClientConfig = {
  baseUrl: fake.url,
  apiKey: 'client-key',
  timeoutMs: 500,
  maxResponseBytes: 4096,
};
const client = new AgtClient(config);
const formulate = { method: 'POST', path: '/formulation/generate' } as const;
const body = { compounds: ['Glycerin'], target: 'lotion' };

async function failure(promise: Promise<unknown>): Promise<AgtError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AgtError)) throw new Error(`expected an AgtError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  fake.setMode({ kind: 'normal' });
  fake.received.length = 0;
});

describe('AgtClient', () => {
  it('posts JSON with the bearer key and returns the parsed answer', async () => {
    const answer = await client.call({ route: formulate, body, idempotencyKey: 'job-1' });
    expect(answer).toMatchObject({ ingredients: [{ name: 'Glycerin', percentage: 100 }] });
    expect(fake.received[0]?.headers).toMatchObject({
      authorization: 'Bearer client-key',
      'content-type': 'application/json',
      'idempotency-key': 'job-1',
    });
  });

  it('keeps a path prefix of the base URL', async () => {
    const prefixed = new AgtClient({ ...config, baseUrl: `${fake.url}/v2/` });
    await failure(prefixed.call({ route: formulate, body }));
    expect(fake.received[0]?.path).toBe('/v2/formulation/generate');
  });

  it('fails fast, naming the variables, when not configured', async () => {
    const unconfigured = new AgtClient({ ...config, baseUrl: undefined });
    expect(unconfigured.configured).toBe(false);
    const error = await failure(unconfigured.call({ route: formulate, body }));
    expect([error.kind, error.message, error.transient]).toEqual([
      'not_configured',
      AGT_NOT_CONFIGURED_MESSAGE,
      false,
    ]);
    expect(fake.received).toHaveLength(0);
  });

  it('treats a 4xx as final, with the provider message', async () => {
    fake.setMode({ kind: 'fail4xx', status: 422, message: 'Unknown compound' });
    const error = await failure(client.call({ route: formulate, body }));
    expect([error.kind, error.status, error.message, error.transient]).toEqual([
      'rejected',
      422,
      'Unknown compound',
      false,
    ]);
  });

  it('treats 429 as transient', async () => {
    fake.setMode({ kind: 'fail4xx', status: 429, message: 'Slow down' });
    expect((await failure(client.call({ route: formulate, body }))).transient).toBe(true);
  });

  it.each([
    [{ kind: 'fail500' } as const, 'server_error', 'The chemistry provider failed with 500'],
    [{ kind: 'malformedJson' } as const, 'malformed', 'The chemistry provider answered with malformed JSON'],
    [{ kind: 'slow', ms: 2_000 } as const, 'timeout', 'The chemistry provider did not answer within 500 ms'],
  ])('treats %j as transient', async (mode, kind, message) => {
    fake.setMode(mode);
    const error = await failure(client.call({ route: formulate, body }));
    expect([error.kind, error.message, error.transient]).toEqual([kind, message, true]);
  });

  it('does not follow a redirect', async () => {
    fake.setMode({ kind: 'redirect', location: `${fake.url}/copilot/chat` });
    const error = await failure(client.call({ route: formulate, body }));
    expect([error.kind, error.transient]).toEqual(['redirect', false]);
    expect(fake.received.map((request) => request.path)).toEqual(['/formulation/generate']);
  });

  it('cuts an answer larger than the cap', async () => {
    fake.setMode({ kind: 'oversized', bytes: 10_000 });
    const error = await failure(client.call({ route: formulate, body }));
    expect([error.kind, error.message, error.transient]).toEqual([
      'too_large',
      "The chemistry provider's answer is larger than 4096 bytes",
      false,
    ]);
  });

  it('reports an unreachable provider as transient', async () => {
    const closed = await startAgtFake();
    await closed.close();
    const error = await failure(
      new AgtClient({ ...config, baseUrl: closed.url }).call({ route: formulate, body }),
    );
    expect([error.kind, error.transient]).toEqual(['unreachable', true]);
  });
});
