import type { RemoteName } from '@annie/contracts/remotes';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { activateRelease, publishRelease, rollbackRelease } from './release.service.ts';
import { deleteRelease, pruneReleases } from './release-retention.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { testBuild } from './testing/test-build.ts';

const app = await startTestApp();

async function publishAll(remote: RemoteName, versions: string[]) {
  for (const version of versions)
    await publishRelease(
      app.pool,
      {
        remote,
        version,
        publishedBy: 'test',
        storage: 'database',
        files: testBuild(remote, { text: version }),
      },
      publishHostOf(app.config),
    );
}

const versionsOf = async (remote: string) =>
  (
    await app.pool.query<{ version: string }>(
      'select version from remote_release where remote = $1 order by published_at, version',
      [remote],
    )
  ).rows.map((row) => row.version);

describe('deleting releases', () => {
  it('refuses the active version, the canary and what rollback returns to; deletes another with its files', async () => {
    await publishAll('lab', ['1.0.0', '2.0.0', '3.0.0', '4.0.0', '5.0.0']);
    for (const version of ['1.0.0', '2.0.0', '3.0.0'])
      await activateRelease(app.pool, { remote: 'lab', version, actor: 't' });
    await activateRelease(app.pool, { remote: 'lab', version: '4.0.0', percent: 10, actor: 't' });
    for (const [version, why] of [
      ['3.0.0', 'it is active'],
      ['4.0.0', 'it is the canary'],
      ['2.0.0', 'rollback returns to it'],
    ])
      await expect(
        deleteRelease(app.pool, { remote: 'lab', version: version ?? '', actor: 't' }),
      ).rejects.toMatchObject({
        status: 409,
        message: `lab ${version} cannot be deleted: ${why}`,
      });
    // 1.0.0 is an older rollback target: deleting it takes it out of the chain.
    await deleteRelease(app.pool, { remote: 'lab', version: '1.0.0', actor: 't' });
    await deleteRelease(app.pool, { remote: 'lab', version: '5.0.0', actor: 't' });
    expect(await versionsOf('lab')).toEqual(['2.0.0', '3.0.0', '4.0.0']);
    const { rows } = await app.pool.query(
      "select 1 from remote_release_file where remote = 'lab' and version = '1.0.0'",
    );
    expect(rows).toHaveLength(0);
    await rollbackRelease(app.pool, { remote: 'lab', actor: 't' }); // ends the canary
    await rollbackRelease(app.pool, { remote: 'lab', actor: 't' }); // 3.0.0 → 2.0.0
    expect(await rollbackRelease(app.pool, { remote: 'lab', actor: 't' })).toEqual({
      rolledBack: '2.0.0',
      active: null,
    });
  });
});

describe('retention', () => {
  it('keeps the newest N and any release in use, whatever its age', async () => {
    await publishAll('voice', ['1.0.0']);
    await activateRelease(app.pool, { remote: 'voice', version: '1.0.0', actor: 't' });
    await publishAll('voice', ['2.0.0', '3.0.0', '4.0.0', '5.0.0']);
    expect(await pruneReleases(app.pool, { remote: 'voice', keep: 2, actor: 'retention' })).toEqual([
      '3.0.0',
      '2.0.0',
    ]);
    expect(await versionsOf('voice')).toEqual(['1.0.0', '4.0.0', '5.0.0']);
    const { rows } = await app.pool.query<{ action: string; detail: string }>(
      "select action, detail from remote_audit where remote = 'voice' and action = 'delete'",
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.detail).toBe('retention: the newest 2 are kept');
  });
});
