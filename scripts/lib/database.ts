// A benchmark's own database on the local PostgreSQL: created fresh, dropped afterwards (unless kept).
import pg from 'pg';

export { pg };

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * Drops and recreates the database `name`; `drop()` removes it again (skipped when `keep` is set, so the
 * data can be inspected after a run) and closes the admin connection.
 */
export async function createBenchDatabase(name: string, { keep = false } = {}): Promise<BenchDatabase> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  return {
    url: databaseUrl(name),
    async drop() {
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

/** A connected client on the benchmark's database (errors after the API stops are ignored). */
export async function connect(url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  return db;
}
