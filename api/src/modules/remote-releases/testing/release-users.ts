import { randomBytes } from 'node:crypto';
import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import type { RemoteName } from '@annie/contracts/remotes';
import type { TestApp } from '../../../../test/test-app.ts';
import { TestClient } from '../../../../test/test-client.ts';

export type ReleaseUser = { id: string; tenantId: string; client: TestClient };

/**
 * `count` users of `tenantId`, each signed in on `baseUrl`. One password hash is computed and copied to
 * every row (hashing hundreds of passwords would be most of the test); each login still checks it.
 */
export async function signedInUsers(
  app: TestApp,
  count: number,
  options: { tenantId?: string; baseUrl?: string } = {},
): Promise<ReleaseUser[]> {
  const tenantId = options.tenantId ?? 'default';
  const template = await app.createUser({ tenantId });
  const prefix = `rel_${randomBytes(3).toString('hex')}`;
  const { rows } = await app.pool.query<{ id: string; username: string }>(
    `insert into app_user (id, tenant_id, username, email, password_hash, is_admin, created_at, updated_at)
       select gen_random_uuid(), tenant_id, $2 || '_' || n, null, password_hash, false, now(), now()
         from app_user, generate_series(1, $3) as n where id = $1
     returning id, username`,
    [template.user.id, prefix, count],
  );
  const users: ReleaseUser[] = [];
  // A few logins at a time: each one checks the password hash.
  for (let start = 0; start < rows.length; start += 4) {
    const batch = rows.slice(start, start + 4);
    users.push(
      ...(await Promise.all(
        batch.map(async (row) => {
          const client = new TestClient(options.baseUrl ?? app.baseUrl);
          const response = await client.post('/api/login', {
            username: row.username,
            password: template.password,
          });
          if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
          return { id: row.id, tenantId, client };
        }),
      )),
    );
  }
  return users;
}

/** The version of `remote` the registry serves to this client. */
export async function servedVersion(client: TestClient, remote: RemoteName): Promise<string | undefined> {
  const registry = (await client.get<RemoteRegistryResponse>('/api/remotes')).body;
  return registry.remotes.find((entry) => entry.name === remote)?.version;
}

/** The same browser (its cookies) talking to another instance behind the proxy. */
export function onInstance(client: TestClient, baseUrl: string): TestClient {
  const other = new TestClient(baseUrl);
  other.adoptCookies(client);
  return other;
}
