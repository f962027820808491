import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, startApiProcess } from '../test/api-process.ts';
import { createTestDatabase } from '../test/test-database.ts';

// The machine's own Node (20 here) takes the wrapper's re-exec path onto the toolchain's Node 24:
// wrapper → re-executed wrapper → API, three processes a signal must travel through.
function machineNode(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'node');
    if (dir.includes('.toolchain') || !existsSync(candidate)) continue;
    return candidate;
  }
  return process.execPath;
}

const node = machineNode();
const nodeVersion = execFileSync(node, ['-v']).toString().trim();
const database = await createTestDatabase();
afterAll(() => database.drop());
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'wrapper-signals-test-secret-0123456789',
  ANNIE_ADMIN_PASSWORD: 'wrapper-test-password',
};

describe(`npm run serve (scripts/annie.mjs on the machine's Node, ${nodeVersion})`, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s to the API, which stops; no orphan is left',
    async (signal) => {
      const api = await startApiProcess(['scripts/annie.mjs', 'serve'], env, node);
      expect(api.apiPid).not.toBe(api.child.pid);
      expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);

      api.child.kill(signal);

      expect(await api.exited).toBe(0);
      expect(isRunning(api.apiPid)).toBe(false);
      await expect(fetch(`${api.baseUrl}/healthz`)).rejects.toThrow();
    },
  );

  it("exits with the API's exit code", async () => {
    const api = startApiProcess(['scripts/annie.mjs', 'serve'], { ...env, PORT: 'not-a-port' }, node);
    await expect(api).rejects.toThrow(/API exited with 1 before it was ready/);
  });
});
