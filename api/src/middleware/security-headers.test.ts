import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

async function cspOf(): Promise<Map<string, string[]>> {
  const app = new Koa();
  app.use(securityHeaders([]));
  app.use((ctx) => {
    ctx.body = 'ok';
  });
  const headers = new Map<string, string | number | readonly string[]>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) };
  await (app.middleware[0] as (ctx: unknown, next: () => Promise<void>) => Promise<void>)(
    { res },
    async () => {},
  );
  const csp = String(headers.get('Content-Security-Policy'));
  return new Map(
    csp.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('the pages’ CSP', () => {
  it('lets images come only from this origin and the hosts the product shows pictures from', async () => {
    const imgSrc = (await cspOf()).get('img-src');
    expect(imgSrc).not.toContain('https:');
    expect(imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://api.twilio.com',
      'https://mms.twiliocdn.com',
      'https://s3-external-1.amazonaws.com',
      'https://*.googleusercontent.com',
    ]);
  });
});
