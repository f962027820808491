import pg from 'pg';

/**
 * A database of its own named `name` on the server of TEST_DATABASE_URL, created afresh; `drop()` removes
 * it. By default e2e runs on the embedded PostgreSQL exactly as `npm start` does (and on its major
 * version, which the API tests on the local server may not share): without TEST_DATABASE_URL, or with
 * no server answering there, `url` is undefined and the API starts its embedded server instead.
 */
export async function freshDatabase(name: string): Promise<{ url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1_500 });
  try {
    await admin.connect();
  } catch {
    return { url: undefined, drop: async () => {} };
  }
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}
