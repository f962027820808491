#!/usr/bin/env node
// Remote releases, live: starts two production API instances on one database of its own on the local
// PostgreSQL, publishes two builds of the lab remote with `npm run annie -- remote:publish` (its build in
// remotes/lab/dist), then activates them in turn through the admin API of the first instance and times
// how long until BOTH instances' GET /api/modules answer the new version (p50/p95/max over the runs).
// Then times GET /api/modules itself on one instance, signed in (canary-aware) and anonymous.
// Usage: node scripts/bench/remote-releases.mjs [--runs N] [--requests N] [--keep]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchApiEnv, runCli, signIn, startApi } from './lib/api-process.mjs';
import { createBenchDatabase } from './lib/database.mjs';
import { closeConnections, get, send } from './lib/http.mjs';
import { ROOT } from './lib/root.mjs';
import { ms, summary, verdict } from './lib/stats.mjs';

const PORTS = [4193, 4194];
const PASSWORD = 'bench-admin-password';
const argument = (name, fallback) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
const RUNS = argument('--runs', 20);
const REQUESTS = argument('--requests', 2000);
const TARGET_SWITCH_MS = 1000;
const TARGET_REGISTRY_P95_MS = 5;

const dist = join(ROOT, 'remotes/lab/dist');
if (!existsSync(join(dist, 'mf-manifest.json')))
  throw new Error('remotes/lab/dist is missing: build the remotes first');

const database = await createBenchDatabase('annie_bench_releases', { keep: process.argv.includes('--keep') });
const envs = PORTS.map((port) =>
  benchApiEnv({
    port,
    databaseUrl: database.url,
    dataDir: `.data/bench-releases-${port}`,
    extra: { ANNIE_ADMIN_PASSWORD: PASSWORD },
  }),
);
const apis = [];
try {
  apis.push(await startApi(envs[0]));
  apis.push(await startApi(envs[1]));
  const versions = ['bench-a', 'bench-b'];
  for (const version of versions) runCli(envs[0], ['remote:publish', 'lab', dist, '--version', version]);
  const admin = await signIn(PORTS[0], 'admin', PASSWORD);
  const sessions = [admin, await signIn(PORTS[1], 'admin', PASSWORD)];

  const labVersion = async (index) => {
    const response = await get(PORTS[index], '/api/modules', sessions[index].headers);
    return JSON.parse(response.body).remotes.find((remote) => remote.name === 'lab').version;
  };
  const switches = [];
  for (let run = 0; run < RUNS; run += 1) {
    const version = versions[run % 2];
    const started = performance.now();
    const activated = await send(
      PORTS[0],
      'POST',
      '/api/modules/releases/lab/activate',
      { version },
      admin.headers,
    );
    if (activated.status !== 200) throw new Error(`activate answered ${activated.status}: ${activated.text}`);
    const pending = new Set([0, 1]);
    while (pending.size > 0) {
      for (const index of [...pending]) if ((await labVersion(index)) === version) pending.delete(index);
      if (performance.now() - started > 10_000) throw new Error(`run ${run}: not switched after 10 s`);
    }
    switches.push(performance.now() - started);
  }

  const timed = async (headers) => {
    const durations = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      const started = performance.now();
      const response = await get(PORTS[1], '/api/modules', headers);
      durations.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET /api/modules answered ${response.status}`);
    }
    return summary(durations.slice(Math.floor(REQUESTS / 10)));
  };
  const signedIn = await timed(sessions[1].headers);
  const anonymous = await timed({});

  const switched = summary(switches);
  console.log(
    `remote releases on two API instances, one database (${RUNS} activations, ${REQUESTS} registry requests each)`,
  );
  console.log(
    `activate (admin API on instance 1) → both instances answer the new version: p50 ${ms(switched.p50)}, p95 ${ms(switched.p95)}, max ${ms(switched.max)}  [target < ${TARGET_SWITCH_MS} ms: ${verdict(switched.p95 < TARGET_SWITCH_MS)}]`,
  );
  console.log(
    `GET /api/modules signed in: p50 ${ms(signedIn.p50, 2)}, p95 ${ms(signedIn.p95, 2)}  [target p95 ≤ ${TARGET_REGISTRY_P95_MS} ms: ${verdict(signedIn.p95 <= TARGET_REGISTRY_P95_MS)}]`,
  );
  console.log(
    `GET /api/modules anonymous: p50 ${ms(anonymous.p50, 2)}, p95 ${ms(anonymous.p95, 2)}  [target p95 ≤ ${TARGET_REGISTRY_P95_MS} ms: ${verdict(anonymous.p95 <= TARGET_REGISTRY_P95_MS)}]`,
  );
} finally {
  closeConnections();
  for (const api of apis) await api.stop();
  await database.drop();
}
