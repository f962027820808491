#!/usr/bin/env node
// Remote releases, live: starts two production API instances on one database of its own on the local
// PostgreSQL, publishes two builds of the lab remote with `npm run annie -- remote:publish` (its build in
// remotes/lab/dist), then activates them in turn through the admin API of the first instance and times
// how long until BOTH instances' GET /api/remotes answer the new version (p50/p95/max over the runs).
// Then times GET /api/remotes itself on one instance, signed in (canary-aware) and anonymous.
// Last, a team's path: the voice remote's build (remotes/voice/dist) uploaded over HTTP with a deploy token
// (bytes, seconds per upload), each upload activated with that token until both instances answer it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
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
  uploads: { type: 'string', value: 'n', default: '5', help: 'uploads of the voice build timed' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const PORTS = [4193, 4194] as const;
const PASSWORD = 'bench-admin-password';
const RUNS = numberOption(OPTIONS.runs, 'runs', 20);
const REQUESTS = numberOption(OPTIONS.requests, 'requests', 2000);
const UPLOADS = numberOption(OPTIONS.uploads, 'uploads', 5);
const TARGET_SWITCH_MS = 1000;
const TARGET_REGISTRY_P95_MS = 5;

const dist = join(ROOT, 'remotes/lab/dist');
const voiceDist = join(ROOT, 'remotes/voice/dist');
if (!existsSync(join(dist, 'mf-manifest.json')) || !existsSync(join(voiceDist, 'mf-manifest.json')))
  throw new Error('remotes/lab/dist or remotes/voice/dist is missing: build the remotes first');

/** The voice build as a team's CI sends it: every file but the source maps, by its path in dist. */
async function voiceBuild(version: string): Promise<{ form: FormData; bytes: number }> {
  const form = new FormData();
  form.append('version', version);
  let bytes = 0;
  for (const entry of await readdir(voiceDist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.map(\.(br|gz))?$/.test(entry.name)) continue;
    const full = join(entry.parentPath, entry.name);
    const content = await readFile(full);
    bytes += content.length;
    form.append(
      relative(voiceDist, full).split(sep).join('/'),
      new Blob([new Uint8Array(content)]),
      entry.name,
    );
  }
  return { form, bytes };
}

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

  const servedVersion = async (index: 0 | 1, name = 'lab') => {
    const response = await get(PORTS[index], '/api/remotes', sessions[index].headers);
    const { remotes } = JSON.parse(response.body) as { remotes: { name: string; version: string }[] };
    return remotes.find((remote) => remote.name === name)?.version;
  };
  const labVersion = (index: 0 | 1) => servedVersion(index);
  /** Milliseconds from `started` until both instances answer `version` of `name`. */
  const untilBothServe = async (name: string, version: string, started: number) => {
    const pending = new Set<0 | 1>([0, 1]);
    while (pending.size > 0) {
      for (const index of [...pending])
        if ((await servedVersion(index, name)) === version) pending.delete(index);
      if (performance.now() - started > 10_000) throw new Error(`${name} ${version}: not served after 10 s`);
    }
    return performance.now() - started;
  };
  const switches: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const version = versions[run % 2];
    const started = performance.now();
    const activated = await send(
      PORTS[0],
      'POST',
      '/api/remotes/releases/lab/activate',
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
      const response = await get(PORTS[1], '/api/remotes', headers);
      durations.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`GET /api/remotes answered ${response.status}`);
    }
    return summary(durations.slice(Math.floor(REQUESTS / 10)));
  };
  const signedIn = await timed(sessions[1].headers);
  const anonymous = await timed({});

  // A team's CI: a deploy token for voice, the whole build uploaded, then activated with the token.
  const created = spawnSync(
    process.execPath,
    ['api/src/cli.ts', 'remote:token', 'create', 'voice', '--name', 'bench-ci'],
    { cwd: ROOT, env: firstEnv, encoding: 'utf8' },
  );
  const token = created.stdout.split('\n').find((line) => line.startsWith('annie_deploy_'));
  if (!token) throw new Error(`remote:token create failed: ${created.stderr}`);
  const uploads: number[] = [];
  const voiceSwitches: number[] = [];
  let uploadBytes = 0;
  for (let run = 0; run < UPLOADS; run += 1) {
    const version = `bench-voice-${run}`;
    const { form, bytes } = await voiceBuild(version);
    uploadBytes = bytes;
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${PORTS[0]}/api/remotes/deploy/voice/releases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201)
      throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    uploads.push(performance.now() - started);
    const activatedAt = performance.now();
    const activated = await fetch(`http://127.0.0.1:${PORTS[0]}/api/remotes/deploy/voice/activate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version }),
    });
    if (activated.status !== 200) throw new Error(`activate answered ${activated.status}`);
    voiceSwitches.push(await untilBothServe('voice', version, activatedAt));
  }

  const switched = summary(switches);
  console.log(
    `remote releases on two API instances, one database (${RUNS} activations, ${REQUESTS} registry requests each)`,
  );
  console.log(
    `activate (admin API on instance 1) → both instances answer the new version: p50 ${ms(switched.p50)}, p95 ${ms(switched.p95)}, max ${ms(switched.max)}  [target < ${TARGET_SWITCH_MS} ms: ${verdict(switched.p95 < TARGET_SWITCH_MS)}]`,
  );
  console.log(
    `GET /api/remotes signed in: p50 ${ms(signedIn.p50, 2)}, p95 ${ms(signedIn.p95, 2)}  [target p95 ≤ ${TARGET_REGISTRY_P95_MS} ms: ${verdict(signedIn.p95 <= TARGET_REGISTRY_P95_MS)}]`,
  );
  const uploaded = summary(uploads);
  const voiceSwitched = summary(voiceSwitches);
  console.log(
    `upload of the voice build with a deploy token (${uploadBytes} bytes, maps left out; ${UPLOADS} uploads): p50 ${(uploaded.p50 / 1000).toFixed(2)} s, max ${(uploaded.max / 1000).toFixed(2)} s`,
  );
  console.log(
    `activate it with the token → both instances answer it: p50 ${ms(voiceSwitched.p50)}, p95 ${ms(voiceSwitched.p95)}, max ${ms(voiceSwitched.max)}  [target < ${TARGET_SWITCH_MS} ms: ${verdict(voiceSwitched.p95 < TARGET_SWITCH_MS)}]`,
  );
  console.log(
    `GET /api/remotes anonymous: p50 ${ms(anonymous.p50, 2)}, p95 ${ms(anonymous.p95, 2)}  [target p95 ≤ ${TARGET_REGISTRY_P95_MS} ms: ${verdict(anonymous.p95 <= TARGET_REGISTRY_P95_MS)}]`,
  );
} finally {
  closeConnections();
  for (const api of apis) await api.stop();
  await database.drop();
}
