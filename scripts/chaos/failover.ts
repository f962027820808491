#!/usr/bin/env node
// Database failover under write load. Brings up the HA topology of docs/deployment.md on this machine
// (deploy/ha/up.sh: etcd, a Patroni primary and synchronous standby, HAProxy, PgBouncer in transaction
// mode) and two production API instances on it; writers create knowledge notes through PgBouncer on both;
// an event stream is open on the second. Then the primary is killed (kill -9 of its Patroni and
// PostgreSQL). Prints: time from the kill to the first write acknowledged by the new primary, acknowledged
// writes lost, whether the event stream got `resync` and then a live event, whether a lab job queued
// after the failover ran (pg-boss), schedule runs per slot (none twice), whether pgBackRest archives from
// the new primary, whether a sign-out still reaches the other instance's session cache, whether the killed
// node rejoins as a replica of the new primary (pg_rewind) and catches up, and the server's connections.
// Exits 1 when a figure misses its bound (resume within 10 s, 0 lost, resync, job run, no slot twice).
import { LAB_JOB_SAMPLES } from '@annie/contracts/lab';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { type RunningApi, signIn, startApi } from '../lib/api-process.ts';
import { commandLine, numberOption } from '../lib/cli-options.ts';
import { pg } from '../lib/database.ts';
import { freePort } from '../lib/free-port.ts';
import { haTopologyUp } from '../lib/ha-topology.ts';
import { sleep } from '../lib/load.ts';

const OPTIONS = commandLine({
  usage: 'node scripts/chaos/failover.ts',
  about: 'Kills the HA primary under write load; prints failover time, lost writes, resync, schedules.',
  options: {
    writers: {
      type: 'string',
      value: 'n',
      default: '4',
      help: 'concurrent writers (spread over both instances)',
    },
    'after-ms': {
      type: 'string',
      value: 'ms',
      default: '15000',
      help: 'how long writers go on after the kill',
    },
  },
});
const WRITERS = numberOption(OPTIONS.writers, 'writers', 4);
const AFTER_MS = numberOption(OPTIONS['after-ms'], 'after-ms', 15_000);
const RESUME_BOUND_MS = 10_000;
const PASSWORD = 'chaos-failover-admin';

const topology = await haTopologyUp();
const agt = await startAgtFake();
const apis: { port: number; api: RunningApi }[] = [];
let exitCode = 1;
try {
  for (let index = 0; index < 2; index += 1) {
    const port = await freePort();
    const env = {
      ...process.env,
      ...topology.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      EXPECTED_INSTANCES: '2',
      SESSION_SECRET: 'chaos-failover-secret-0123456789abcdef',
      ANNIE_ADMIN_PASSWORD: PASSWORD,
      AGT_BASE_URL: agt.url,
      AGT_API_KEY: 'chaos-key',
    };
    apis.push({ port, api: await startApi(env) });
  }
  const ports = apis.map(({ port }) => port);
  const cookie = (await signIn(ports[0] ?? 0, 'admin', PASSWORD)).headers.Cookie;
  const post = (port: number, path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5_000),
    });

  // The event stream on the second instance: `resync` after its LISTEN connection came back, then events.
  const stream = { resyncAt: 0, eventAfterResync: false, buffer: '' };
  const events = new AbortController();
  const eventResponse = await fetch(`http://127.0.0.1:${ports[1]}/api/lab/jobs/events`, {
    headers: { Cookie: cookie },
    signal: events.signal,
  });
  void eventResponse.body
    ?.pipeThrough(new TextDecoderStream())
    .pipeTo(
      new WritableStream({
        write(chunk) {
          if (chunk.includes('event: resync') && !stream.resyncAt) stream.resyncAt = performance.now();
          else if (stream.resyncAt && /^data: \{"/m.test(chunk)) stream.eventAfterResync = true;
        },
      }),
    )
    .catch(() => {});

  const acknowledged: { title: string; sentAt: number; ackedAt: number }[] = [];
  const failures = new Map<string, number>();
  let writing = true;
  async function writer(index: number): Promise<void> {
    const port = ports[index % ports.length] ?? 0;
    for (let seq = 0; writing; seq += 1) {
      const title = `failover-${index}-${seq}`;
      const sentAt = performance.now();
      let status: string;
      try {
        const response = await post(port, '/api/knowledge/notes', {
          title,
          body: 'written across a failover',
        });
        status = String(response.status);
        await response.arrayBuffer();
      } catch (error) {
        status = (error as Error).name;
      }
      if (status === '201') acknowledged.push({ title, sentAt, ackedAt: performance.now() });
      else {
        failures.set(status, (failures.get(status) ?? 0) + 1);
        await sleep(100);
      }
    }
  }
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
  await sleep(3_000);
  const killedAt = performance.now();
  const killed = topology.killPrimary();
  await sleep(AFTER_MS);
  writing = false;
  await Promise.all(writers);

  // pg-boss after the failover: a lab job queued now is run by a worker.
  const jobStarted = performance.now();
  const created = await post(ports[0] ?? 0, '/api/lab/jobs', {
    type: 'formulate',
    payload: LAB_JOB_SAMPLES.formulate,
  });
  const jobId = created.status === 201 ? ((await created.json()) as { id: string }).id : undefined;
  const check = new pg.Client({ connectionString: topology.env.DATABASE_DIRECT_URL });
  await check.connect();
  let jobMs: number | undefined;
  while (jobId && performance.now() - jobStarted < 20_000 && jobMs === undefined) {
    const { rows } = await check.query<{ status: string }>('select status from lab_job where id = $1', [
      jobId,
    ]);
    if (rows[0]?.status === 'succeeded') jobMs = performance.now() - jobStarted;
    else await sleep(100);
  }
  await sleep(500);
  events.abort();
  // The session caches rebuilt on the new primary's LISTEN: a sign-out on one instance ends the session
  // on the other, which had it cached, within a second.
  const session = await signIn(ports[0] ?? 0, 'admin', PASSWORD);
  const onTwo = () =>
    fetch(`http://127.0.0.1:${ports[1]}/api/auth/user`, { headers: { Cookie: session.headers.Cookie } });
  const cachedOnTwo = (await onTwo()).status === 200;
  const signedOut = performance.now();
  await fetch(`http://127.0.0.1:${ports[0]}/api/logout`, {
    method: 'POST',
    headers: {
      ...session.headers,
      'Content-Type': 'application/json',
      Origin: `http://127.0.0.1:${ports[0]}`,
    },
  });
  let sessionEndedMs: number | undefined;
  while (cachedOnTwo && sessionEndedMs === undefined && performance.now() - signedOut < 1_000) {
    if ((await onTwo()).status === 401) sessionEndedMs = performance.now() - signedOut;
  }
  // pgBackRest follows the new primary: its WAL reaches the repository (`pgbackrest check`).
  let archiving = 'works on the new primary';
  try {
    topology.checkBackups();
  } catch (error) {
    archiving = `FAILS: ${(error as Error).message.split('\n')[0]}`;
  }

  const stored = new Set(
    (
      await check.query<{ title: string }>("select title from knowledge_note where title like 'failover-%'")
    ).rows.map((row) => row.title),
  );
  const lost = acknowledged.filter(({ title }) => !stored.has(title));
  // Only the new primary can acknowledge a write sent after the kill.
  const resumed = acknowledged
    .filter(({ sentAt }) => sentAt > killedAt)
    .reduce((first, { ackedAt }) => Math.min(first, ackedAt), Number.POSITIVE_INFINITY);
  const resumeMs = Number.isFinite(resumed) ? resumed - killedAt : undefined;
  const ackTimes = acknowledged.map(({ ackedAt }) => ackedAt).sort((a, b) => a - b);
  const longestGap = Math.max(0, ...ackTimes.slice(1).map((at, index) => at - (ackTimes[index] ?? at)));
  const twice = (
    await check.query<{ name: string; slot: string; runs: string }>(
      `select name, singleton_on::text as slot, count(*) as runs from pgboss.job
        where name like 'schedule.%' and singleton_on is not null group by 1, 2 having count(*) > 1`,
    )
  ).rows;
  const slots = (
    await check.query<{ count: string }>(
      "select count(*) from pgboss.job where name like 'schedule.%' and singleton_on is not null",
    )
  ).rows[0]?.count;
  const connections = (
    await check.query<{ application_name: string; count: string }>(
      `select application_name, count(*) from pg_stat_activity where datname = 'annie' and pid <> pg_backend_pid()
        group by 1 order by 1`,
    )
  ).rows;
  // The killed node comes back (its machine restarted): Patroni rewinds it onto the new timeline and it
  // follows the new primary; caught up once its replay position passes the primary's after every write.
  let rejoined: string;
  try {
    const rejoinMs = topology.rejoin(killed);
    // The replication view's details are for the superuser (pg_read_all_stats), not the app's role.
    const superuserUrl = new URL(topology.env.DATABASE_DIRECT_URL ?? '');
    superuserUrl.username = 'postgres';
    superuserUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: superuserUrl.toString() });
    await admin.connect();
    const { lsn } =
      (await check.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0] ?? {};
    const caughtUp = async () =>
      (
        await admin.query(
          `select 1 from pg_stat_replication where application_name = $1 and state = 'streaming'
             and replay_lsn >= $2::pg_lsn`,
          [killed, lsn],
        )
      ).rowCount === 1;
    const waitStarted = performance.now();
    while (!(await caughtUp()) && performance.now() - waitStarted < 30_000) await sleep(100);
    rejoined = (await caughtUp())
      ? `${killed} as a streaming replica of the new primary in ${rejoinMs} ms, caught up (${topology.rewound(killed) ? 'rewound with pg_rewind' : 'no rewind needed'})`
      : `${killed} started but did NOT catch up with the new primary in 30 s (primary at ${lsn}; replication: ${JSON.stringify(
          (
            await admin.query(
              'select application_name, state, sync_state, replay_lsn::text from pg_stat_replication',
            )
          ).rows,
        )})`;
    await admin.end();
  } catch (error) {
    rejoined = `${killed} did NOT rejoin: ${(error as Error).message.split('\n')[0]}`;
  }
  await check.end();

  console.log(`killed the primary (${killed}) under ${WRITERS} writers on 2 instances through PgBouncer`);
  console.log(
    `writes resumed: ${resumeMs === undefined ? 'NEVER' : `${(resumeMs / 1000).toFixed(1)} s after the kill`} (the first write sent after it acknowledged); longest gap between acknowledged writes ${(longestGap / 1000).toFixed(1)} s`,
  );
  console.log(`acknowledged writes lost: ${lost.length} of ${acknowledged.length}`);
  console.log(
    `failed attempts while failing over: ${[...failures].map(([s, n]) => `${s}×${n}`).join(', ') || 'none'}`,
  );
  console.log(
    `event stream on instance 2: ${stream.resyncAt ? `resync ${((stream.resyncAt - killedAt) / 1000).toFixed(1)} s after the kill` : 'NO resync'}, ${stream.eventAfterResync ? 'then live events' : 'NO event after it'}`,
  );
  console.log(
    `pg-boss: a lab job queued after the failover ${jobMs === undefined ? 'DID NOT run' : `ran in ${Math.round(jobMs)} ms`}`,
  );
  console.log(`schedules: ${slots} slot runs, ${twice.length} slot(s) run twice`);
  console.log(`WAL archiving (pgBackRest): ${archiving}`);
  console.log(
    `session cache: a sign-out on instance 1 ${sessionEndedMs === undefined ? 'was NOT seen on instance 2 within 1 s' : `ended it on instance 2 in ${Math.round(sessionEndedMs)} ms`}`,
  );
  console.log(`rejoined: ${rejoined}`);
  console.log(
    `server connections after the failover (2 instances, pooled through PgBouncer): ${connections.map((row) => `${row.application_name || '(pooler)'} ${row.count}`).join(', ')}`,
  );
  const ok =
    resumeMs !== undefined &&
    resumeMs <= RESUME_BOUND_MS &&
    lost.length === 0 &&
    stream.resyncAt > 0 &&
    stream.eventAfterResync &&
    jobMs !== undefined &&
    twice.length === 0 &&
    archiving.startsWith('works') &&
    rejoined.includes('caught up') &&
    sessionEndedMs !== undefined;
  exitCode = ok ? 0 : 1;
} finally {
  for (const { api } of apis) await api.stop().catch(() => {});
  await agt.close();
  await topology.down();
}
process.exitCode = exitCode;
