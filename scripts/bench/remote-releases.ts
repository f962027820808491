#!/usr/bin/env node
// Remote releases, live: starts two production API instances on one database of its own on the local
// PostgreSQL, publishes two builds of the lab remote with `npm run annie -- remote:publish` (its build in
// remotes/lab/dist), then activates them in turn through the admin API of the first instance and times
// how long until BOTH instances' GET /api/modules answer the new version (p50/p95/max over the runs).
// Then times GET /api/modules itself on one instance, signed in (canary-aware) and anonymous.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { benchApiEnv, type RunningApi, runCli, type Session, signIn, startApi } from '../lib/api-process.ts';
import { numberOption } from '../lib/cli-options.ts';
import { createBenchDatabase } from '../lib/database.ts';
import { closeConnections, get, type Headers, send } from '../lib/http.ts';
import { ROOT } from '../lib/root.ts';
import { ms, summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('remote-releases', {
  runs: { type: 'string', value: 'n', default: '20', help: 'activations timed' },
  requests: {
    type: 'string',
    value: 'n',
    default: '2000',
    help: 'registry requests timed, signed in and anonymous',
  },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const PORTS = [4193, 4194] as const;
const PASSWORD = 'bench-admin-password';
const RUNS = numberOption(OPTIONS.runs, 'runs', 20);
const REQUESTS = numberOption(OPTIONS.requests, 'requests', 2000);
const TARGET_SWITCH_MS = 1000;
const TARGET_REGISTRY_P95_MS = 5;

const dist = join(ROOT, 'remotes/lab/dist');
if (!existsSync(join(dist, 'mf-manifest.json')))
  throw new Error('remotes/lab/dist is missing: build the remotes first');

const database = await createBenchDatabase('annie_bench_releases', { keep: OPTIONS.keep });
const envs = PORTS.map((port) =>
  benchApiEnv({
    port,
    databaseUrl: database.url,
    dataDir: `.data/bench-releases-${port}`,
    extra: { ANNIE_ADMIN_PASSWORD: PASSWORD },
  }),
);
const [firstEnv, secondEnv] = envs as [NodeJS.ProcessEnv, NodeJS.ProcessEnv];
const apis: RunningApi[] = [];
try {
  apis.push(await startApi(firstEnv));
  apis.push(await startApi(secondEnv));
  const versions = ['bench-a', 'bench-b'];
  for (const version of versions) runCli(firstEnv, ['remote:publish', 'lab', dist, '--version', version]);
  const admin = await signIn(PORTS[0], 'admin', PASSWORD);
  const sessions: [Session, Session] = [admin, await signIn(PORTS[1], 'admin', PASSWORD)];

  const labVersion = async (index: 0 | 1) => {
    const response = await get(PORTS[index], '/api/modules', sessions[index].headers);
    const { remotes } = JSON.parse(response.body) as { remotes: { name: string; version: string }[] };
    return remotes.find((remote) => remote.name === 'lab')?.version;
  };
  const switches: number[] = [];
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
    const pending = new Set<0 | 1>([0, 1]);
    while (pending.size > 0) {
      for (const index of [...pending]) if ((await labVersion(index)) === version) pending.delete(index);
      if (performance.now() - started > 10_000) throw new Error(`run ${run}: not switched after 10 s`);
    }
    switches.push(performance.now() - started);
  }

  const timed = async (headers: Headers) => {
    const durations: number[] = [];
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
