import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { createTestDatabase } from '../../test/test-database.ts';

// Two API processes on one database, each with its metrics listener on a port of its own behind a token;
// the Debian prometheus package's promtool checks their output, its prometheus scrapes both.
const run = promisify(execFile);
const TOKEN = 'metrics-token-0123456789abcdef';
const database = await createTestDatabase({ empty: true });
afterAll(() => database.drop());
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'metrics-endpoint-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: 'metrics-endpoint-admin',
  METRICS_PORT: '0',
  METRICS_TOKEN: TOKEN,
};
const instances = (await Promise.all([
  startApiProcess(['api/src/main.ts'], env),
  startApiProcess(['api/src/main.ts'], env),
])) as [ApiProcess, ApiProcess];
afterAll(() => {
  for (const instance of instances) instance.child.kill('SIGKILL');
});

const metricsPortOf = (instance: ApiProcess) =>
  Number(instance.logs.find((line) => line.msg === 'metrics served')?.metricsPort);
const metricsUrl = (instance: ApiProcess) => `http://127.0.0.1:${metricsPortOf(instance)}/metrics`;
const scrape = (instance: ApiProcess, token?: string) =>
  fetch(metricsUrl(instance), token ? { headers: { authorization: `Bearer ${token}` } } : {});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the metrics listener', () => {
  it("is not the app's port: /metrics there is refused, the metrics absent", async () => {
    const [one] = instances;
    expect(metricsPortOf(one)).toBeGreaterThan(0);
    expect(metricsUrl(one)).not.toContain(one.baseUrl);
    const onApp = await fetch(`${one.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(onApp.status).toBeGreaterThanOrEqual(400);
    expect(await onApp.text()).not.toContain('annie_http_request_duration_seconds');
  });

  it('answers 401 without the token (or with a wrong one), and the metrics with it', async () => {
    const [one] = instances;
    expect((await scrape(one)).status).toBe(401);
    expect((await scrape(one, `${TOKEN}x`)).status).toBe(401);
    const answer = await scrape(one, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    for (const family of [
      'annie_http_request_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_gc_duration_seconds',
      'annie_db_pool_connections',
      'annie_live_work',
      'annie_job_queue_depth',
    ])
      expect(text).toContain(`# TYPE ${family}`);
  });

  it('passes promtool check metrics', async () => {
    const text = await (await scrape(instances[0], TOKEN)).text();
    const checked = await new Promise<{ code: number; output: string }>((resolve) => {
      const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.once('close', (code) => resolve({ code: code ?? 1, output }));
      child.stdin.end(text);
    });
    expect(checked.output).toBe('');
    expect(checked.code).toBe(0);
  });
});

describe('a real Prometheus', () => {
  it('scrapes both instances: a query answers a series for each', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'annie-prometheus-'));
    const port = await freePort();
    const targets = instances.map((instance) => `'127.0.0.1:${metricsPortOf(instance)}'`).join(', ');
    await writeFile(join(folder, 'token'), TOKEN);
    await writeFile(
      join(folder, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: annie',
        '    authorization:',
        `      credentials_file: ${join(folder, 'token')}`,
        `    static_configs: [{ targets: [${targets}] }]`,
        '',
      ].join('\n'),
    );
    await run('promtool', ['check', 'config', join(folder, 'prometheus.yml')]);
    const prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(folder, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(folder, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    try {
      const query = async (promql: string) => {
        const answer = await fetch(
          `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(promql)}`,
        );
        const body = (await answer.json()) as {
          data: { result: { metric: Record<string, string>; value: [number, string] }[] };
        };
        return body.data.result;
      };
      await vi.waitFor(
        async () => {
          const up = await query('up{job="annie"} == 1');
          expect(up.map((series) => series.metric.instance).sort()).toEqual(
            instances.map((instance) => `127.0.0.1:${metricsPortOf(instance)}`).sort(),
          );
        },
        { timeout: 30_000, interval: 500 },
      );
      const resident = await query('process_resident_memory_bytes{job="annie"}');
      expect(resident).toHaveLength(2);
      expect(new Set(resident.map((series) => series.metric.instance)).size).toBe(2);
    } finally {
      prometheus.kill('SIGTERM');
    }
  });
});
