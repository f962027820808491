import { brotliCompressSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { Queryable } from '../../db/transaction.ts';
import { listen, portOf } from '../../server.ts';
import { publishRelease } from './release.service.ts';
import { releaseFiles } from './release-files.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { testBuild } from './testing/test-build.ts';

const app = await startTestApp();
const script = Buffer.from(`/* page */ ${'console.log(1);'.repeat(2_000)}`);
await publishRelease(
  app.pool,
  {
    remote: 'lab',
    version: '1.0.0',
    publishedBy: 'test',
    storage: 'database',
    files: [
      ...testBuild('lab'),
      { path: 'static/js/page.js', content: script },
      { path: 'static/js/page.js.br', content: brotliCompressSync(script) },
    ],
  },
  publishHostOf(app.config),
);

// The release files middleware alone, on a database handle that counts every statement it is sent.
const statements: string[] = [];
const counted: Queryable = {
  query: ((text: string, values?: unknown[]) => {
    statements.push(text);
    return app.pool.query(text, values);
  }) as Queryable['query'],
};
const koa = new Koa();
koa.use(
  releaseFiles(
    counted,
    { isPublished: async () => true },
    { cacheBytes: 1_048_576, maxBytes: 1_048_576, privateOrigins: [] },
  ),
);
const server = await listen(koa as never, 0, '127.0.0.1');
const baseUrl = `http://127.0.0.1:${portOf(server)}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('release files', () => {
  it('answer 200 concurrent anonymous requests for one file with one database read', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${baseUrl}/remotes/lab/1.0.0/static/js/page.js`, { headers: { 'Accept-Encoding': 'br' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.get('content-encoding')))).toEqual(new Set(['br']));
    const bodies = await Promise.all(answers.map(async (answer) => Buffer.from(await answer.arrayBuffer())));
    // fetch decodes Brotli itself: each body is the original script.
    expect(bodies.every((body) => body.equals(script))).toBe(true);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('order by array_position');
  });

  it('read only the form the client takes, and each form once', async () => {
    statements.length = 0;
    const plain = await fetch(`${baseUrl}/remotes/lab/1.0.0/static/js/page.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(script)).toBe(true);
    expect(statements).toHaveLength(1);
    await fetch(`${baseUrl}/remotes/lab/1.0.0/static/js/page.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    await fetch(`${baseUrl}/remotes/lab/1.0.0/static/js/page.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(statements).toHaveLength(1);
  });
});
