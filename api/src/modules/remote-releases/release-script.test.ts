import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { portOf } from '../../server.ts';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/release.mjs', import.meta.url));

// A server that redirects every deploy call to /moved on itself (same origin: fetch would keep the
// Authorization header if it followed), where it counts the tokens it is sent.
const tokensSeen: string[] = [];
const redirecting = createServer((request, response) => {
  if (request.url === '/moved') {
    if (request.headers.authorization) tokensSeen.push(request.headers.authorization);
    return response.end('{}');
  }
  response.writeHead(307, { Location: '/moved' });
  response.end();
});
await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => redirecting.close(() => resolve())));

function release(server: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, 'rollback', 'lab', '--server', server], {
      env: { PATH: process.env.PATH, ANNIE_DEPLOY_TOKEN: 'annie_deploy_secret' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('scripts/release.mjs', () => {
  it('sends the token over https:// only, or plain http:// to this machine', async () => {
    const refused = await release('http://annie.example.test');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'refusing to send the deploy token to http://annie.example.test: use https://',
    );
  });

  it('does not follow a redirect with the token', async () => {
    const redirected = await release(`http://127.0.0.1:${portOf(redirecting)}`);
    expect(redirected.code).toBe(1);
    expect(redirected.stderr).toContain('307: the server redirects to /moved; not followed with the token');
    expect(tokensSeen).toEqual([]);
  });
});
