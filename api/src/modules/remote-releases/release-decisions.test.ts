import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../../test/http-error.ts';
import { activateRelease, publishRelease, rollbackRelease, setAutoRollback } from './release.service.ts';
import { releaseServiceDatabase } from './testing/release-service-database.ts';
import { HOST_SHARED, testBuild } from './testing/test-build.ts';

// The release service's decisions through its functions, on a database of its own (no app, no HTTP):
// what activation and rollback leave active, and what the audit says (publishing: release-publish.test.ts).
const host = { shared: HOST_SHARED };
const remote = 'lab' as const;
const { pool, state, audits } = await releaseServiceDatabase(remote);

let versions = 0;
/** Publishes a new version of the lab remote (content told apart by its version). */
async function published(): Promise<string> {
  versions += 1;
  const version = `1.0.${versions}`;
  await publishRelease(
    pool,
    { remote, version, publishedBy: 'ops', storage: 'database', files: testBuild(remote, { text: version }) },
    host,
  );
  return version;
}

const failure = async (promise: Promise<unknown>) => {
  const { status, message } = await httpErrorOf(promise);
  return { status, message };
};

describe('activateRelease', () => {
  it('refuses a version never published', async () => {
    expect(await failure(activateRelease(pool, { remote, version: '0.0.404', actor: 'ann' }))).toEqual({
      status: 404,
      message: `${remote} 0.0.404 is not published`,
    });
  });

  it('makes a version active for everyone, keeping the one before for rollback', async () => {
    const [v1, v2] = [await published(), await published()];
    await pool.query('delete from remote_audit');
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    await activateRelease(pool, { remote, version: v2, actor: 'bob', percent: 100 });
    expect(await state()).toMatchObject({
      active_version: v2,
      canary_version: null,
      history: ['', v1],
      active_armed: true,
    });
    expect(await audits()).toEqual([
      { action: 'activate', version: v1, actor: 'ann', detail: 'replaces the deployed build' },
      { action: 'activate', version: v2, actor: 'bob', detail: `replaces ${v1}` },
    ]);
    expect(await failure(activateRelease(pool, { remote, version: v2, actor: 'ann' }))).toEqual({
      status: 409,
      message: `${remote} ${v2} is already active`,
    });
  });

  it('serves a canary to a share of users, never of the version active for everyone', async () => {
    const [v1, v2] = [await published(), await published()];
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    await pool.query('delete from remote_audit');
    expect(await failure(activateRelease(pool, { remote, version: v1, actor: 'ann', percent: 10 }))).toEqual({
      status: 409,
      message: `${remote} ${v1} is already active for everyone`,
    });
    await activateRelease(pool, { remote, version: v2, actor: 'ann', percent: 99 });
    expect(await state()).toMatchObject({
      active_version: v1,
      canary_version: v2,
      canary_percent: 99,
      history: [''],
    });
    expect(await audits()).toEqual([
      { action: 'canary', version: v2, actor: 'ann', detail: 'served to 99% of users' },
    ]);
    // The canary for everyone: active, the one before kept, the canary over.
    await activateRelease(pool, { remote, version: v2, actor: 'ann' });
    expect(await state()).toMatchObject({
      active_version: v2,
      canary_version: null,
      canary_percent: null,
      history: ['', v1],
    });
  });

  it('activating the active version again for everyone ends a canary, the history unchanged', async () => {
    const [v1, v2] = [await published(), await published()];
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    await activateRelease(pool, { remote, version: v2, actor: 'ann', percent: 5 });
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    expect(await state()).toMatchObject({ active_version: v1, canary_version: null, history: [''] });
  });
});

describe('rollbackRelease', () => {
  it('ends a canary first: everyone keeps the active version', async () => {
    const [v1, v2] = [await published(), await published()];
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    await activateRelease(pool, { remote, version: v2, actor: 'ann', percent: 20 });
    await pool.query('delete from remote_audit');
    expect(await rollbackRelease(pool, { remote, actor: 'ann', onlyVersion: v1 })).toBeUndefined();
    expect(await state()).toMatchObject({ canary_version: v2 });
    expect(
      await rollbackRelease(pool, {
        remote,
        actor: 'monitor',
        auto: true,
        reason: '3 load failures',
        onlyVersion: v2,
      }),
    ).toEqual({
      rolledBack: v2,
      active: v1,
    });
    expect(await state()).toMatchObject({
      active_version: v1,
      canary_version: null,
      canary_percent: null,
      history: [''],
    });
    expect(await audits()).toEqual([
      {
        action: 'auto-rollback',
        version: v2,
        actor: 'monitor',
        detail: `canary ${v2} ended; everyone gets ${v1}: 3 load failures`,
      },
    ]);
  });

  it('ends a canary over the deployed build, saying so', async () => {
    const v1 = await published();
    await activateRelease(pool, { remote, version: v1, actor: 'ann', percent: 50 });
    expect(await rollbackRelease(pool, { remote, actor: 'ann' })).toEqual({ rolledBack: v1, active: null });
    expect((await audits()).at(-1)).toEqual({
      action: 'rollback',
      version: v1,
      actor: 'ann',
      detail: `canary ${v1} ended; everyone gets the deployed build`,
    });
  });

  it('without a canary goes back to the version active before, then to the deployed build', async () => {
    const [v1, v2] = [await published(), await published()];
    await activateRelease(pool, { remote, version: v1, actor: 'ann' });
    await activateRelease(pool, { remote, version: v2, actor: 'ann' });
    await pool.query('delete from remote_audit');
    expect(await rollbackRelease(pool, { remote, actor: 'ann', onlyVersion: v1 })).toBeUndefined();
    expect(await state()).toMatchObject({ active_version: v2 });
    expect(await rollbackRelease(pool, { remote, actor: 'ann', reason: 'broken menu' })).toEqual({
      rolledBack: v2,
      active: v1,
    });
    // A version rolled back to is not armed for automatic rollback.
    expect(await state()).toMatchObject({ active_version: v1, history: [''], active_armed: false });
    expect(await rollbackRelease(pool, { remote, actor: 'bob', onlyVersion: v1 })).toEqual({
      rolledBack: v1,
      active: null,
    });
    expect(await state()).toMatchObject({ active_version: null, history: [] });
    expect(await audits()).toEqual([
      { action: 'rollback', version: v2, actor: 'ann', detail: `back to ${v1}: broken menu` },
      { action: 'rollback', version: v1, actor: 'bob', detail: 'back to the deployed build' },
    ]);
  });

  it('refuses with nothing active, unless only a given version was to be rolled back', async () => {
    expect(await rollbackRelease(pool, { remote, actor: 'ann', onlyVersion: '1.0.0' })).toBeUndefined();
    expect(await failure(rollbackRelease(pool, { remote, actor: 'ann' }))).toEqual({
      status: 409,
      message: `${remote} has no release active: it already runs the deployed build`,
    });
    expect(await audits()).toEqual([]);
  });
});

describe('setAutoRollback', () => {
  it('turns automatic rollback off and on, each in the audit', async () => {
    await setAutoRollback(pool, { remote, enabled: false, actor: 'ann' });
    expect((await state()).auto_rollback).toBe(false);
    await setAutoRollback(pool, { remote, enabled: true, actor: 'bob' });
    expect((await state()).auto_rollback).toBe(true);
    expect(await audits()).toEqual([
      {
        action: 'auto-rollback-off',
        version: null,
        actor: 'ann',
        detail: 'load failures are reported only; an operator rolls back',
      },
      {
        action: 'auto-rollback-on',
        version: null,
        actor: 'bob',
        detail: 'load failures roll a new version back by themselves',
      },
    ]);
  });
});
