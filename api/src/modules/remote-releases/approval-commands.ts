import type { ReleaseChanges } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { pinnedOperatorTenant, repin } from './operator-tenant.queries.ts';
import { approveRelease, releaseChanges } from './release-approval.ts';
import { operatorActor } from './release-commands.ts';
import { audit } from './release-state.queries.ts';

const size = (bytes: number | null) => (bytes === null ? '?' : `${bytes} B`);

/** What `version` changes, as the operator reads it before approving. */
export function describeChanges(changes: ReleaseChanges): string[] {
  const { files } = changes;
  return [
    `${changes.remote} ${changes.version}, published ${changes.publishedAt} by ${changes.publishedBy}; against ${changes.against ?? 'the deployed build'}:`,
    ...files.added.map((file) => `  + ${file.path}\t${size(file.size)}`),
    ...files.removed.map((file) => `  - ${file.path}\t${size(file.previousSize)}`),
    ...files.changed.map((file) => `  ~ ${file.path}\t${size(file.previousSize)} → ${size(file.size)}`),
    `  ${files.unchanged} files unchanged`,
    ...changes.shared.map(
      (entry) => `  shared ${entry.name}: ${entry.previous ?? '(new)'} → ${entry.version ?? '(dropped)'}`,
    ),
  ];
}

/** `remote:approve NAME VERSION`: shows what it changes, then lets it reach every tenant. */
export async function approveCommand(
  pool: Pool,
  input: { remote: RemoteName; version: string },
): Promise<string[]> {
  const lines = describeChanges(await releaseChanges(pool, input.remote, input.version));
  await approveRelease(pool, { ...input, actor: operatorActor() });
  return [...lines, `${input.remote} ${input.version} approved: it may now reach every tenant's users`];
}

/** `remote:operator-tenant TENANT`: the only way to change the pinned operator tenant (audited per remote). */
export async function operatorTenantCommand(
  pool: Pool,
  remotes: readonly RemoteName[],
  tenant: string,
): Promise<string[]> {
  const before = await inTransaction(pool, async (db) => {
    const pinned = await pinnedOperatorTenant(db);
    await repin(db, tenant, operatorActor());
    for (const remote of remotes)
      await audit(db, {
        remote,
        action: 'operator-tenant',
        version: null,
        actor: operatorActor(),
        detail: `releases are managed by tenant ${tenant} (was ${pinned?.tenant_id ?? 'not pinned'})`,
      });
    return pinned?.tenant_id;
  });
  return [
    `Remote releases are now managed by tenant ${tenant} (was ${before ?? 'not pinned'}); its users get a token's versions before approval`,
  ];
}
