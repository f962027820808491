#!/usr/bin/env node
// Knowledge API speed on a realistic load: seeds 10,000 facts and 10,000 notes for each of two tenants
// in a database of its own on the local PostgreSQL, starts the production API as a child process, and
// prints search and list latency (p50/p95, one request at a time) and the req/s of
// GET /api/knowledge/facts?limit=50 beside a bare node:http + pg server running the same SQL on the same
// database in the same run. Usage: node scripts/bench/knowledge.mjs [--quick] [--keep (leave the database)]
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// pg is the API's dependency; resolve it from there rather than adding it to the root.
const pg = createRequire(join(ROOT, 'api/package.json'))('pg');
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'annie_bench_knowledge';
const API_PORT = 4190;
const BARE_PORT = 4191;
const QUICK = process.argv.includes('--quick');
const KEEP = process.argv.includes('--keep');
const ROWS_PER_TENANT = 10_000;
const TENANTS = ['bench-a', 'bench-b'];
const PASSWORD = 'bench-password-1';
const LATENCY_SAMPLES = QUICK ? 60 : 300;
const THROUGHPUT_SECONDS = QUICK ? 3 : 10;
const CONCURRENCY = 16;
const TARGETS = { searchP95: 30, listP95: 100, throughputRatio: 0.5 };

function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---- seed data -------------------------------------------------------------------------------------
const WORDS = `revenue forecast quarter budget supplier contract board meeting investor pitch launch
  partner pricing margin hiring travel flight hotel dinner lunch wine burgundy rioja champagne client
  account invoice payment renewal compliance audit regulation safety label organic extract botanical
  formula fragrance lavender rosemary citrus shipment warehouse logistics inventory retail wholesale
  marketing campaign newsletter podcast interview press release award charity gala golf tennis sailing
  london paris geneva milan tokyo singapore newyork boston dallas chicago assistant calendar schedule
  preference allergy coffee tea breakfast gym physician dentist school family birthday anniversary gift
  flowers chocolate restaurant reservation table window aisle seat lounge membership loyalty points
  upgrade visa passport insurance policy claim lawyer accountant tax filing deadline report summary
  strategy roadmap milestone product feature release customer feedback survey churn growth expansion`
  .split(/\s+/)
  .filter(Boolean);
const SOURCES = ['auwagenics', 'natural_house', 'other'];

function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// A vocabulary with a natural (Zipf) spread: the business words above mixed at random ranks among
// 3,000 made-up words, so a few words are in a quarter of the notes and most are rare, as in real text.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tas',
  'vo',
  'qui',
  'zel',
  'dor',
  'pan',
  'sti',
  'mur',
  'bel',
  'gan',
];
function vocabulary(random) {
  const made = new Set();
  while (made.size < 3_000) {
    const length = 2 + Math.floor(random() * 3);
    made.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  const all = [...WORDS, ...made];
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  let total = 0;
  const cumulative = all.map((_, rank) => {
    total += 1 / (rank + 1);
    return total;
  });
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return all[low];
  };
}

function seedRows(tenantId, seed) {
  const random = prng(seed);
  const pick = vocabulary(random);
  const words = (n) => Array.from({ length: n }, pick).join(' ');
  const base = Date.parse('2025-01-01T00:00:00Z');
  const facts = [];
  const notes = [];
  for (let i = 0; i < ROWS_PER_TENANT; i += 1) {
    const kind = i % 4;
    const value =
      kind === 0
        ? Math.round(random() * 1e7) / 100
        : kind === 1
          ? words(3)
          : kind === 2
            ? { [pick()]: Math.round(random() * 1000), [pick()]: words(2), approved: random() > 0.5 }
            : [pick(), pick(), Math.round(random() * 100)];
    facts.push({
      id: randomUUID(),
      key: `${pick()}_${pick()}_${i}`,
      valueText: JSON.stringify(value),
      unit: kind === 0 ? ['USD', 'EUR', 'kg', '%'][i % 4] : null,
      source: SOURCES[i % 3],
      createdAt: new Date(base + i * 60_000).toISOString(),
    });
    notes.push({
      id: randomUUID(),
      title: words(3 + (i % 4)),
      body: `${words(25 + Math.floor(random() * 50))}.`,
      tags: words(1 + (i % 3))
        .split(' ')
        .join(','),
      source: SOURCES[(i + 1) % 3],
      createdAt: new Date(base + i * 60_000 + 30_000).toISOString(),
    });
  }
  return { tenantId, facts, notes };
}

async function seed(db, { tenantId, facts, notes }) {
  const BATCH = 2_000;
  for (let start = 0; start < facts.length; start += BATCH) {
    const batch = facts.slice(start, start + BATCH);
    const columns = [
      batch.map((f) => f.id),
      batch.map((f) => f.key),
      batch.map((f) => f.valueText),
      batch.map((f) => f.unit),
      batch.map((f) => f.source),
      batch.map((f) => f.createdAt),
    ];
    await db.query(
      `insert into knowledge_fact (id, tenant_id, key, value_text, unit, version, source, created_at)
       select id, $1, key, value_text, unit, 1, source, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         as t(id, key, value_text, unit, source, created_at)`,
      [tenantId, ...columns],
    );
    await db.query(
      `insert into knowledge_fact_version (id, fact_id, tenant_id, version, value_text, unit, created_at)
       select gen_random_uuid(), id, $1, 1, value_text, unit, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) as t(id, value_text, unit, created_at)`,
      [tenantId, columns[0], columns[2], columns[3], columns[5]],
    );
  }
  for (let start = 0; start < notes.length; start += BATCH) {
    const batch = notes.slice(start, start + BATCH);
    await db.query(
      `insert into knowledge_note (id, tenant_id, title, body, tags, source, created_at, updated_at)
       select id, $1, title, body, string_to_array(tags, ','), source, created_at, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         as t(id, title, body, tags, source, created_at)`,
      [
        tenantId,
        batch.map((n) => n.id),
        batch.map((n) => n.title),
        batch.map((n) => n.body),
        batch.map((n) => n.tags),
        batch.map((n) => n.source),
        batch.map((n) => n.createdAt),
      ],
    );
  }
}

// ---- HTTP helpers ------------------------------------------------------------------------------------
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      let bytes = 0;
      const chunks = [];
      res.on('data', (chunk) => {
        bytes += chunk.length;
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

function post(port, path, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One request at a time; returns p50/p95/max in ms. */
async function latency(port, paths, headers, samples) {
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const path = paths[i % paths.length];
    const started = performance.now();
    const response = await get(port, path, headers);
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.body}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

/** CONCURRENCY keep-alive connections hammering one path for `seconds`; returns req/s. */
async function throughput(port, path, headers, seconds) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await get(port, path, headers);
      if (response.status === 200) done += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed > 0) throw new Error(`${failed} requests to ${path} failed`);
  return done / ((performance.now() - started) / 1000);
}

async function waitFor(port, path) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await get(port, path)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`port ${port} did not become ready`);
}

// ---- the run -------------------------------------------------------------------------------------------
async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  const url = databaseUrl(DATABASE);
  const children = [];
  const stopAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('SIGINT', () => {
    stopAll();
    process.exit(130);
  });

  try {
    const env = {
      ...process.env,
      DATABASE_URL: url,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(API_PORT),
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-chars',
      DATA_DIR: '.data/bench-knowledge',
    };
    for (const tenant of TENANTS) {
      const created = spawnSync(
        process.execPath,
        ['api/src/cli.ts', 'user:create', '--username', tenant, '--password', PASSWORD, '--tenant', tenant],
        { cwd: ROOT, env, encoding: 'utf8' },
      );
      if (created.status !== 0) throw new Error(`creating ${tenant} failed: ${created.stderr}`);
    }

    const db = new pg.Client({ connectionString: url });
    db.on('error', () => {});
    await db.connect();
    const seedStarted = performance.now();
    for (const [index, tenant] of TENANTS.entries()) await seed(db, seedRows(tenant, index + 1));
    // The state autovacuum keeps a live database in (statistics, visibility map for index-only scans).
    await db.query('vacuum analyze');
    const counts = await db.query(
      `select t.id as tenant_id, (select count(*) from knowledge_fact f where f.tenant_id = t.id)::int as facts,
              (select count(*) from knowledge_note n where n.tenant_id = t.id)::int as notes
       from tenant t order by 1`,
    );
    await db.end();
    console.log(`seeded in ${Math.round(performance.now() - seedStarted)} ms:`);
    for (const row of counts.rows) console.log(`  ${row.tenant_id}: ${row.facts} facts, ${row.notes} notes`);

    const api = spawn(process.execPath, ['api/src/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    const bare = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--bare-server', url, TENANTS[0], String(BARE_PORT)],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    children.push(bare);
    await waitFor(API_PORT, '/readyz');
    await waitFor(BARE_PORT, '/');

    const login = await post(API_PORT, '/api/login', { username: TENANTS[0], password: PASSWORD });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
    const user = JSON.parse(login.text);
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((value) => value.split(';')[0])
      .join('; ');
    const headers = { Cookie: cookie, 'X-Tenant-Id': user.tenantId, 'X-User-Id': user.id };

    const sample = await get(API_PORT, '/api/knowledge/facts?limit=50', headers);
    const bareSample = await get(BARE_PORT, '/');
    const sameRows = JSON.parse(sample.body).length === 50 && sample.body === bareSample.body;
    if (!sameRows) throw new Error('the API and the bare server disagree on the 50-row list');

    const searchQueries = [
      'revenue',
      'revenue forecast',
      'burgundy wine',
      'supplier contract renewal',
      'lond',
      'organic botanical extract',
      'tokyo flight hotel',
      'board meeting investor',
      'pricing',
      'allergy',
      'what is the preferred seat on flights',
      'champagne gala',
      'ab',
      'q',
      'zzzz-no-match',
    ].map((q) => `/api/knowledge/search?q=${encodeURIComponent(q)}`);
    searchQueries.push('/api/knowledge/search?q=revenue&sources=auwagenics&limit=10');
    searchQueries.push('/api/knowledge/search?q=wine&sources=natural_house,other');

    // Warm both servers (JIT, pg plans, caches) before measuring.
    await latency(API_PORT, searchQueries, headers, searchQueries.length * 2);
    await throughput(API_PORT, '/api/knowledge/facts?limit=50', headers, 1);
    await throughput(BARE_PORT, '/', {}, 1);

    const search = await latency(API_PORT, searchQueries, headers, LATENCY_SAMPLES);
    const list50 = await latency(
      API_PORT,
      ['/api/knowledge/facts?limit=50', '/api/knowledge/notes?limit=50'],
      headers,
      LATENCY_SAMPLES,
    );
    const pages = Array.from({ length: ROWS_PER_TENANT / 1000 }, (_, i) => i * 1000);
    const list1000 = await latency(
      API_PORT,
      pages.flatMap((offset) => [
        `/api/knowledge/facts?limit=1000&offset=${offset}`,
        `/api/knowledge/notes?limit=1000&offset=${offset}`,
      ]),
      headers,
      QUICK ? 40 : 100,
    );
    const fullFacts = await latency(API_PORT, ['/api/knowledge/facts'], headers, QUICK ? 10 : 40);
    const fullNotes = await latency(API_PORT, ['/api/knowledge/notes'], headers, QUICK ? 10 : 40);
    const fullBytes = (await get(API_PORT, '/api/knowledge/notes', headers)).bytes;
    const apiRps = await throughput(API_PORT, '/api/knowledge/facts?limit=50', headers, THROUGHPUT_SECONDS);
    const bareRps = await throughput(BARE_PORT, '/', {}, THROUGHPUT_SECONDS);
    // The same session and auth work with no knowledge query: the ceiling of any signed-in endpoint.
    const authOnlyRps = await throughput(API_PORT, '/api/auth/user', headers, THROUGHPUT_SECONDS);

    const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
    const verdict = (ok) => (ok ? 'ok' : 'MISSED');
    const row = (label, stats, target) =>
      console.log(
        `  ${label.padEnd(58)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  max ${ms(stats.max)}  [p95 <= ${target} ms: ${verdict(stats.p95 <= target)}]`,
      );
    console.log(`\nlatency, one request at a time over loopback (${LATENCY_SAMPLES} samples unless noted):`);
    row(`search (${searchQueries.length} queries: full text, substring, sources)`, search, TARGETS.searchP95);
    row('list facts/notes, 50-row pages', list50, TARGETS.listP95);
    row('list facts/notes, 1,000-row pages (what the screen requests)', list1000, TARGETS.listP95);
    row('list facts, all 10,000 in one response (no paging)', fullFacts, TARGETS.listP95);
    row(
      `list notes, all 10,000 in one response (${(fullBytes / 1e6).toFixed(1)} MB, no paging)`,
      fullNotes,
      TARGETS.listP95,
    );
    const ratio = apiRps / bareRps;
    console.log(
      `\nthroughput of GET /api/knowledge/facts?limit=50, ${CONCURRENCY} keep-alive connections, ${THROUGHPUT_SECONDS} s each:`,
    );
    console.log(`  API (session, auth, tenant check, Koa)   ${apiRps.toFixed(0)} req/s`);
    console.log(`  bare node:http + pg, same SQL            ${bareRps.toFixed(0)} req/s`);
    console.log(`  API GET /api/auth/user (auth only)       ${authOnlyRps.toFixed(0)} req/s  (reference)`);
    console.log(
      `  ratio ${(ratio * 100).toFixed(0)}%  [target >= ${TARGETS.throughputRatio * 100}%: ${verdict(ratio >= TARGETS.throughputRatio)}]`,
    );
  } catch (error) {
    console.error('benchmark failed:', error);
    process.exitCode = 1;
  } finally {
    stopAll();
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!KEEP) await admin.query(`drop database if exists ${DATABASE} with (force)`).catch(() => {});
    await admin.end();
    agent.destroy();
  }
}

// ---- bare server mode (a child of the benchmark): node:http + pg, nothing else -----------------------
async function bareServer() {
  const { listFactsSql } = await import(join(ROOT, 'api/src/modules/knowledge/knowledge.queries.ts'));
  const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
  const tenantId = process.argv[4];
  const server = createServer(async (_request, res) => {
    try {
      const { rows } = await pool.query(listFactsSql, [tenantId, 50, 0]);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(rows[0].body);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.argv[5]), '127.0.0.1', () => process.send?.('ready'));
  process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
}

if (process.argv[2] === '--bare-server') await bareServer();
else await main();
