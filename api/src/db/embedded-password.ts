import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

/** The password clusters made before the password file were initialised with; migrated once. */
const LEGACY_PASSWORD = 'postgres';
const INVALID_PASSWORD = '28P01';

export type EmbeddedPassword = {
  value: string;
  file: string;
  /**
   * Connects as the superuser with the password, or else, for a cluster made before the password file
   * existed, with the legacy one and changes it to the file's. True once the password is the server's;
   * false when no server answers at that address.
   */
  settle: (adminUrl: string) => Promise<boolean>;
};

/**
 * The embedded server's superuser password: generated on first start into `<DATA_DIR>/postgres-password`
 * (readable by its owner only, like the session secret), so the database answers to no well-known
 * password. An existing cluster still on the legacy password is moved to the file's on its next start.
 */
export async function embeddedPassword(
  dataDir: string,
  options: { newCluster: boolean },
): Promise<EmbeddedPassword> {
  const file = join(dataDir, 'postgres-password');
  if (!existsSync(file)) {
    await writeFile(file, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      },
    );
  }
  const value = (await readFile(file, 'utf8')).trim();
  return {
    value,
    file,
    settle: async (adminUrl) => {
      const first = await tryConnect(adminUrl);
      if (first === 'ok') return true;
      if (first === 'down' || options.newCluster) return false;
      const legacy = new URL(adminUrl);
      legacy.password = LEGACY_PASSWORD;
      const client = new pg.Client({ connectionString: legacy.toString() });
      try {
        await client.connect();
      } catch {
        return false;
      }
      try {
        await client.query(`alter role current_user password ${client.escapeLiteral(value)}`);
      } finally {
        await client.end();
      }
      return (await tryConnect(adminUrl)) === 'ok';
    },
  };
}

async function tryConnect(url: string): Promise<'ok' | 'refused' | 'down'> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code === INVALID_PASSWORD ? 'refused' : 'down';
  } finally {
    await client.end().catch(() => {});
  }
}
