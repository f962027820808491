#!/usr/bin/env node
// Call History speed at scale: one user with 20,000 call sessions (a third phone calls with 20 stored
// transcript lines, a third simple-page calls with 6, a third browser calls whose 20 lines live in a linked
// voice conversation) and a colleague with as many, in a database of its own on the local PostgreSQL.
// Starts the production API as a child and prints p50/p95 (one request at a time) of the first page of
// GET /api/call-sessions as Call History asks for it, a page 10,000 calls deep (before=<id>), and a
// start → end round trip of the simple call page.
import type pg from 'pg';
import { benchApiEnv, type RunningApi, signIn, startApi } from '../lib/api-process.ts';
import { connect, createBenchDatabase } from '../lib/database.ts';
import { closeConnections, type GetResponse, get, type SendResponse, send } from '../lib/http.ts';
import { ms, type Summary, summary, verdict } from '../lib/stats.ts';
import { benchOptions } from './benchmarks.ts';

const OPTIONS = benchOptions('call-history', {
  quick: { type: 'boolean', help: 'fewer samples' },
  keep: { type: 'boolean', help: 'leave the database for inspection' },
});
const API_PORT = Number(process.env.BENCH_PORT ?? 4193);
const PASSWORD = 'bench-admin-password';
const QUICK = OPTIONS.quick;
const SESSIONS_PER_USER = 20_000;
const PAGE = 21; // Call History shows 20 and asks for one more to know whether another page exists.
const SAMPLES = QUICK ? 50 : 300;
const TARGET_P95_MS = { first: 50, deep: 50, startEnd: 50 };

/** A user's sessions, newest first, one every minute back from now; every third browser call linked. */
async function seed(db: pg.Client, tenantId: string, userId: string): Promise<void> {
  await db.query(
    `with s as (
       select n, gen_random_uuid() as id, now() - make_interval(mins => n) as started_at,
              (array['twilio', 'web', 'webrtc'])[1 + n % 3] as channel
       from generate_series(1, $3::int) n
     ), conversations as (
       insert into voice_conversation (id, tenant_id, user_id, started_at, ended_at, message_count)
       select s.id, $1, $2, s.started_at, s.started_at + interval '3 minutes', 20 from s where s.channel = 'webrtc'
       returning id
     ), lines as (
       insert into voice_conversation_message (id, tenant_id, conversation_id, role, content, timestamp)
       select gen_random_uuid(), $1, c.id, (array['user', 'assistant'])[1 + k % 2],
              'Line ' || k || ' of a browser call about the quarterly board meeting', now()
       from conversations c, generate_series(1, 20) k
     )
     insert into call_session (id, tenant_id, user_id, channel, direction, caller_id, provider_call_id,
                               started_at, ended_at, transcript, conversation_id)
     select s.id, $1, $2, s.channel,
            case when s.channel = 'twilio' then 'inbound' end,
            case when s.channel = 'twilio' then '+1415555' || lpad((n % 10000)::text, 4, '0') end,
            case when s.channel <> 'web' then 'bench-' || s.id end,
            s.started_at, s.started_at + interval '3 minutes',
            case s.channel
              when 'twilio' then (select jsonb_agg(jsonb_build_object('role', (array['user', 'assistant'])[1 + k % 2],
                'content', 'Phone line ' || k || ' about the delivery schedule', 'timestamp', now())) from generate_series(1, 20) k)
              when 'web' then (select jsonb_agg(jsonb_build_object('role', (array['user', 'assistant'])[1 + k % 2],
                'content', 'Typed line ' || k, 'timestamp', now())) from generate_series(1, 6) k)
              else '[]'::jsonb end,
            case when s.channel = 'webrtc' then s.id end
     from s`,
    [tenantId, userId, SESSIONS_PER_USER],
  );
}

async function timed(
  samples: number,
  next: (index: number) => Promise<GetResponse | SendResponse>,
): Promise<Summary> {
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const response = await next(index);
    times.push(performance.now() - started);
    if (response.status >= 300)
      throw new Error(
        `answered ${response.status}: ${('body' in response ? response.body : response.text).slice(0, 200)}`,
      );
  }
  return summary(times);
}

function report(label: string, result: Summary, target: number): void {
  console.log(
    `${label}: p50 ${ms(result.p50, 1)}, p95 ${ms(result.p95, 1)}, max ${ms(result.max, 1)} ` +
      `(target p95 < ${target} ms: ${verdict(result.p95 < target)})`,
  );
}

const database = await createBenchDatabase('annie_bench_call_history', { keep: OPTIONS.keep });
let api: RunningApi | undefined;
let db: pg.Client | undefined;
try {
  const env = benchApiEnv({
    port: API_PORT,
    databaseUrl: database.url,
    dataDir: '.data/bench-call-history',
    extra: { ANNIE_ADMIN_PASSWORD: PASSWORD },
  });
  api = await startApi(env);
  db = await connect(database.url);
  const { user, headers } = await signIn(API_PORT, 'admin', PASSWORD);
  const colleagueId = (
    await db.query<{ id: string }>(
      `insert into app_user (id, tenant_id, username, password_hash) values (gen_random_uuid(), $1, 'colleague', 'x') returning id`,
      [user.tenantId],
    )
  ).rows[0]?.id;
  if (!colleagueId) throw new Error('adding the colleague failed');
  const seeding = performance.now();
  await seed(db, user.tenantId, user.id);
  await seed(db, user.tenantId, colleagueId);
  await db.query('analyze');
  console.log(
    `seeded ${SESSIONS_PER_USER * 2} call sessions for two users in ${ms(performance.now() - seeding)}`,
  );

  const first = await get(API_PORT, `/api/call-sessions?limit=${PAGE}`, headers);
  const firstPage = JSON.parse(first.body);
  console.log(`first page: ${firstPage.length} calls, ${(first.bytes / 1024).toFixed(1)} KB`);
  const deepCursor = (
    await db.query<{ id: string }>(
      `select id from call_session where user_id = $1 order by started_at desc, id desc offset 10000 limit 1`,
      [user.id],
    )
  ).rows[0]?.id;
  for (let index = 0; index < 10; index += 1)
    await get(API_PORT, `/api/call-sessions?limit=${PAGE}`, headers);

  report(
    'GET /api/call-sessions, first page',
    await timed(SAMPLES, () => get(API_PORT, `/api/call-sessions?limit=${PAGE}`, headers)),
    TARGET_P95_MS.first,
  );
  report(
    'GET /api/call-sessions, 10,000 calls deep',
    await timed(SAMPLES, () =>
      get(API_PORT, `/api/call-sessions?limit=${PAGE}&before=${deepCursor}`, headers),
    ),
    TARGET_P95_MS.deep,
  );
  report(
    'POST /api/calls/start then /api/calls/:id/end',
    await timed(SAMPLES, async () => {
      const started = await send(API_PORT, 'POST', '/api/calls/start', {}, headers);
      const { id } = JSON.parse(started.text) as { id: string };
      return send(API_PORT, 'POST', `/api/calls/${id}/end`, {}, headers);
    }),
    TARGET_P95_MS.startEnd,
  );
} finally {
  closeConnections();
  await api?.stop();
  await db?.end().catch(() => {});
  await database.drop();
}
