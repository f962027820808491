import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../../../test/http-error.ts';
import type { HttpError } from '../../lib/http-errors.ts';
import { digestsOf, publishRelease, releaseEntry } from './release.service.ts';
import { releaseServiceDatabase } from './testing/release-service-database.ts';
import { HOST_SHARED, testBuild } from './testing/test-build.ts';

// The release service's decisions through its functions, on a database of its own (no app, no HTTP):
// what publishing records and refuses (activation and rollback: release-decisions.test.ts).
const host = { shared: HOST_SHARED };
const remote = 'lab' as const;
const { pool, state, audits } = await releaseServiceDatabase(remote);

const failure = async (promise: Promise<unknown>) => {
  const { status, message } = await httpErrorOf(promise);
  return { status, message };
};

describe('publishRelease', () => {
  it('records the build, its files and their digests, without activating it', async () => {
    const files = [
      ...testBuild(remote, { text: 'first' }),
      { path: 'remoteEntry.js.map', content: Buffer.from('{}') },
    ];
    const result = await publishRelease(
      pool,
      { remote, version: '2.0.0', publishedBy: 'ann', storage: 'database', files },
      host,
    );
    expect(result).toEqual({ created: true });
    const digests = digestsOf(files.filter((file) => !file.path.endsWith('.map')));
    const { rows } = await pool.query(
      'select entry, digest, approved_by, source_url from remote_release where remote = $1 and version = $2',
      [remote, '2.0.0'],
    );
    expect(rows).toEqual([
      {
        entry: '/remotes/lab/2.0.0/mf-manifest.json',
        digest: digests.release,
        approved_by: 'ann',
        source_url: null,
      },
    ]);
    const stored = await pool.query(
      'select path, content_type, content, sha256, size from remote_release_file where remote = $1 and version = $2 order by path',
      [remote, '2.0.0'],
    );
    // The source map is not kept.
    expect(stored.rows.map((row) => [row.path, row.sha256, Number(row.size), String(row.content)])).toEqual(
      files
        .filter((file) => !file.path.endsWith('.map'))
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((file) => [
          file.path,
          digests.files.get(file.path),
          file.content.length,
          file.content.toString(),
        ]),
    );
    expect(stored.rows.find((row) => row.path === 'remoteEntry.js')?.content_type).toMatch(/javascript/);
    expect(await state()).toBeUndefined();
    expect(await audits()).toEqual([
      {
        action: 'publish',
        version: '2.0.0',
        actor: 'ann',
        detail: `3 files stored in the database, digest ${digests.release.slice(0, 12)}`,
      },
    ]);
  });

  it('leaves a build published by a deploy token unapproved', async () => {
    await publishRelease(
      pool,
      {
        remote,
        version: '2.0.1',
        publishedBy: 'token:ci',
        byToken: true,
        storage: 'database',
        files: testBuild(remote, { text: 'token' }),
      },
      host,
    );
    const { rows } = await pool.query('select approved_by from remote_release where version = $1', ['2.0.1']);
    expect(rows).toEqual([{ approved_by: null }]);
  });

  it('changes nothing for the same content again, and refuses other content under the version', async () => {
    const files = testBuild(remote, { text: 'same' });
    const input = { remote, version: '2.0.2', publishedBy: 'ann', storage: 'database' as const, files };
    await publishRelease(pool, input, host);
    expect(await publishRelease(pool, input, host)).toEqual({ created: false });
    const other = await failure(
      publishRelease(pool, { ...input, files: testBuild(remote, { text: 'other' }) }, host),
    );
    expect(other).toEqual({
      status: 409,
      message: `${remote} 2.0.2 is already published with other content; a version is never replaced: publish a new version`,
    });
    expect((await audits()).map((entry) => entry.action)).toEqual(['publish']);
  });

  it('never reuses the number of a deleted version, even for the same content', async () => {
    const input = {
      remote,
      version: '2.0.3',
      publishedBy: 'ann',
      storage: 'database' as const,
      files: testBuild(remote, { text: 'gone' }),
    };
    await publishRelease(pool, input, host);
    await pool.query('delete from remote_release where remote = $1 and version = $2', [remote, '2.0.3']);
    expect(await failure(publishRelease(pool, input, host))).toEqual({
      status: 409,
      message: `${remote} 2.0.3 was published before (and since deleted); a version number is never reused: publish a new version`,
    });
  });

  it('refuses a build with a file it may not hold, without a readable manifest, or that does not fit the host', async () => {
    const input = (files: { path: string; content: Buffer }[]) =>
      publishRelease(
        pool,
        { remote, version: '9.9.9', publishedBy: 'ann', storage: 'database', files },
        host,
      );
    const build = testBuild(remote);
    expect(
      await failure(input([...build, { path: '../escape.js', content: Buffer.from('') }])),
    ).toMatchObject({ status: 400 });
    expect(await failure(input(build.filter((file) => file.path !== 'mf-manifest.json')))).toEqual({
      status: 422,
      message: 'Refused: the build has no readable mf-manifest.json',
    });
    const broken = build.map((file) =>
      file.path === 'mf-manifest.json' ? { ...file, content: Buffer.from('{') } : file,
    );
    expect((await failure(input(broken))).message).toBe(
      'Refused: the build has no readable mf-manifest.json',
    );
    const [shared] = Object.keys(HOST_SHARED);
    const incompatible = await failure(input(testBuild(remote, { without: [shared ?? ''] })));
    expect(incompatible.status).toBe(422);
    expect(incompatible.message).toMatch(/^Refused: /);
    const code = await publishRelease(
      pool,
      {
        remote,
        version: '9.9.8',
        publishedBy: 'ann',
        storage: 'database',
        files: build.filter((file) => file.path !== 'mf-manifest.json'),
      },
      host,
    ).catch((error: HttpError) => error.code);
    expect(code).toBe('incompatible_build');
    expect(await pool.query('select 1 from remote_release where version = $1', ['9.9.9'])).toMatchObject({
      rowCount: 0,
    });
  });

  it('refuses a hosted build whose pinned files it may not hold, and records one that fits', async () => {
    const [manifest, declaration] = testBuild(remote)
      .slice(0, 2)
      .map((file) => JSON.parse(file.content.toString()));
    const hosted = {
      remote,
      publishedBy: 'ann',
      storage: 'url' as const,
      url: 'https://cdn.example/lab/',
      manifest,
      declaration,
    };
    const bad = await failure(
      publishRelease(
        pool,
        { ...hosted, version: '3.0.0', pinned: [{ path: 'run.exe', content: Buffer.from('') }] },
        host,
      ),
    );
    expect(bad.status).toBe(422);
    await publishRelease(
      pool,
      { ...hosted, version: '3.0.1', pinned: [{ path: 'remoteEntry.js', content: Buffer.from('x') }] },
      host,
    );
    const { rows } = await pool.query('select source_url, entry from remote_release where version = $1', [
      '3.0.1',
    ]);
    expect(rows).toEqual([{ source_url: 'https://cdn.example/lab/', entry: releaseEntry(remote, '3.0.1') }]);
    // A hosted build's files are pinned by digest only: their content stays where it is hosted.
    const pinned = await pool.query(
      'select path, content, sha256 from remote_release_file where version = $1',
      ['3.0.1'],
    );
    expect(pinned.rows).toEqual([
      {
        path: 'remoteEntry.js',
        content: null,
        sha256: digestsOf([{ path: 'remoteEntry.js', content: Buffer.from('x') }]).files.get(
          'remoteEntry.js',
        ),
      },
    ]);
    expect((await audits()).at(-1)?.detail).toBe(
      'hosted at https://cdn.example/lab/, 1 files pinned by digest',
    );
    const incompatible = await failure(
      publishRelease(pool, { ...hosted, version: '3.0.2', manifest: { ...manifest, shared: [] } }, host),
    );
    expect(incompatible.status).toBe(422);
  });
});

describe('digestsOf', () => {
  it('digests each file, and the release from every path and digest in path order', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const files = [
      { path: 'b.js', content: Buffer.from('bee') },
      { path: 'a.js', content: Buffer.from('ay') },
      { path: 'a.css', content: Buffer.from('sea') },
    ];
    const digests = digestsOf(files);
    expect(digests.files).toEqual(
      new Map([
        ['b.js', sha('bee')],
        ['a.js', sha('ay')],
        ['a.css', sha('sea')],
      ]),
    );
    expect(digests.release).toBe(sha(`a.css\t${sha('sea')}\na.js\t${sha('ay')}\nb.js\t${sha('bee')}\n`));
    expect(digestsOf([...files].reverse()).release).toBe(digests.release);
  });
});
