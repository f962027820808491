import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type AgtFake, startAgtFake } from './agt-fake.ts';

const fake: AgtFake = await startAgtFake({ apiKey: 'secret' });
afterAll(() => fake.close());

const auth = { Authorization: 'Bearer secret', 'Content-Type': 'application/json' };

async function post(path: string, body: unknown, headers: Record<string, string> = auth) {
  const response = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

beforeEach(() => {
  fake.setMode({ kind: 'normal' });
  fake.received.length = 0;
});

describe('AGT fake', () => {
  it('answers a formulation deterministically and records the request', async () => {
    const body = { compounds: ['Glycerin', 'Citric Acid'], target: 'hand wash' };
    const first = await post('/formulation/generate', body);
    const second = await post('/formulation/generate', body);
    expect(first.status).toBe(200);
    expect(first.text).toBe(second.text);
    const parsed = JSON.parse(first.text);
    expect(parsed.ingredients.map((item: { name: string }) => item.name)).toEqual([
      'Glycerin',
      'Citric Acid',
    ]);
    const total = parsed.ingredients.reduce(
      (sum: number, item: { percentage: number }) => sum + item.percentage,
      0,
    );
    expect(total).toBeGreaterThan(99.8);
    expect(total).toBeLessThan(100.2);
    expect(fake.received).toHaveLength(2);
    expect(fake.received[0]).toMatchObject({ method: 'POST', path: '/formulation/generate', body });
  });

  it('checks compliance, scores formulas and searches suppliers', async () => {
    const compliance = JSON.parse(
      (await post('/compliance/check', { regulation: 'EU REACH', compounds: ['Methylisothiazolinone'] }))
        .text,
    );
    expect(compliance).toMatchObject({ regulation: 'EU REACH', compliant: false });
    const score = JSON.parse(
      (await post('/green-score/calculate', { formula: 'Water 90%', target_score: 10 })).text,
    );
    expect(score.meets_target).toBe(true);
    expect(score.score).toBeGreaterThanOrEqual(0);
    const suppliers = await fetch(`${fake.url}/suppliers/search/Glycerin`, { headers: auth });
    expect(suppliers.status).toBe(200);
    expect(((await suppliers.json()) as { chemical: string }).chemical).toBe('Glycerin');
  });

  it('refuses an input named FAIL with 422 and its reason', async () => {
    const result = await post('/formulation/generate', { compounds: ['FAIL'], target: 'x' });
    expect(result.status).toBe(422);
    expect(JSON.parse(result.text).detail).toBe('Compound "FAIL" is not in the ingredient database');
  });

  it('refuses requests without the API key and unknown paths', async () => {
    expect((await post('/formulation/generate', {}, { 'Content-Type': 'application/json' })).status).toBe(
      401,
    );
    expect((await post('/formulation/generate', {}, { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post('/admin/delete-everything', {})).status).toBe(404);
  });

  it('fails with 500, then recovers after the given number of requests', async () => {
    fake.setMode({ kind: 'fail500', times: 2 });
    const statuses = [];
    for (let index = 0; index < 3; index++) {
      statuses.push((await post('/copilot/chat', { message: 'hi' })).status);
    }
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('answers 4xx with the configured message, malformed JSON, redirects and oversized bodies', async () => {
    fake.setMode({ kind: 'fail4xx', status: 409, message: 'Conflict here' });
    const refused = await post('/copilot/chat', {});
    expect([refused.status, JSON.parse(refused.text).detail]).toEqual([409, 'Conflict here']);
    fake.setMode({ kind: 'malformedJson' });
    const malformed = await post('/copilot/chat', {});
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.text)).toThrow();
    fake.setMode({ kind: 'redirect', location: 'http://example.invalid/' });
    const redirected = await post('/copilot/chat', {});
    expect([redirected.status, redirected.headers.get('location')]).toEqual([302, 'http://example.invalid/']);
    fake.setMode({ kind: 'oversized', bytes: 10_000 });
    const oversized = await post('/copilot/chat', {});
    expect(oversized.text.length).toBeGreaterThan(10_000);
    expect(oversized.headers.get('content-length')).toBeNull();
  });

  it('delays answers in slow mode', async () => {
    fake.setMode({ kind: 'slow', ms: 200 });
    const started = performance.now();
    expect((await post('/copilot/chat', {})).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });
});
