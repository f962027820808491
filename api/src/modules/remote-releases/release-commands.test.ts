import type { RemoteRegistryResponse } from '@annie/contracts/remote-registry';
import { describe, expect, it } from 'vitest';
import { annieWith } from '../../../test/annie-cli.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { publishRelease } from './release.service.ts';
import { publishHostOf } from './remote-releases.module.ts';
import { testBuild, writeBuild } from './testing/test-build.ts';

const app = await startTestApp();

const annie = annieWith({ DATABASE_URL: app.databaseUrl });

const labVersion = async () =>
  (await app.client().get<RemoteRegistryResponse>('/api/remotes')).body.remotes.find(
    (remote) => remote.name === 'lab',
  )?.version;

describe('remote:* operator commands', () => {
  it('publish, list, canary, activate and roll back a remote, as the audit log records', async () => {
    const published = annie('remote:publish', 'lab', writeBuild(testBuild('lab')), '--version', '7.0.0');
    expect(published.stderr).toBe('');
    expect(published.stdout).toContain(
      'Published lab 7.0.0: 3 files, served at /remotes/lab/7.0.0/; not active',
    );
    expect(await labVersion()).toBe('local');

    expect(annie('remote:activate', 'lab', '7.0.0', '--percent', '25').stdout).toContain(
      'lab 7.0.0 is the canary for 25% of users',
    );
    expect(annie('remote:list', 'lab').stdout).toMatch(
      /lab: active local \(the deployed build\), canary 7\.0\.0 at 25%/,
    );
    expect(annie('remote:activate', 'lab', '7.0.0').stdout).toContain('lab 7.0.0 is active for everyone');
    expect(await labVersion()).toBe('7.0.0');
    expect(annie('remote:rollback', 'lab').stdout).toContain(
      'lab: 7.0.0 rolled back; everyone gets the deployed build',
    );
    expect(await labVersion()).toBe('local');

    const { rows } = await app.pool.query<{ action: string; actor: string }>(
      "select action, actor from remote_audit where remote = 'lab' order by id",
    );
    expect(rows.map((row) => row.action)).toEqual(['publish', 'canary', 'activate', 'rollback']);
    expect(rows.every((row) => row.actor.startsWith('operator:'))).toBe(true);
  });

  it('refuses an incompatible build naming why, and bad arguments with the usage', () => {
    const refused = annie(
      'remote:publish',
      'lab',
      writeBuild(testBuild('lab', { shared: { react: '18.3.1' } })),
      '--version',
      '8.0.0',
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Refused: react 18\.3\.1 cannot be served by the shell's react/);
    const noVersion = annie('remote:publish', 'lab', '/tmp');
    expect(noVersion.status).toBe(2);
    expect(noVersion.stderr).toContain('remote:publish needs --version V');
    expect(annie('remote:activate', 'nope', '1.0.0').stderr).toContain('needs a remote name first');
    expect(annie('remote:activate', 'lab', '1.0.0', '--percent', '0').stderr).toContain(
      'needs --percent between 1 and 100',
    );
    expect(annie('remote:rollback', 'knowledge').stderr).toContain('already runs the deployed build');
  });

  it('creates, lists and revokes deploy tokens, and shows why the last changes happened', async () => {
    const created = annie('remote:token', 'create', 'lab', '--name', 'lab-ci', '--days', '7');
    expect(created.stderr).toBe('');
    const token = created.stdout.split('\n').find((line) => line.startsWith('annie_deploy_'));
    expect(token).toBeDefined();
    const id = /Deploy token ([0-9a-f-]{36}) for lab \(lab-ci\), expires /.exec(created.stdout)?.[1] ?? '';
    expect(id).not.toBe('');
    const { rows } = await app.pool.query<{ token_hash: string }>(
      'select token_hash from remote_deploy_token',
    );
    expect(rows.map((row) => row.token_hash)).not.toContain(token);

    expect(annie('remote:auto-rollback', 'lab', 'off').stdout).toContain('lab: automatic rollback off');
    expect(annie('remote:token', 'revoke', id.slice(0, 8)).stdout).toContain(
      `Deploy token ${id} (lab, lab-ci) revoked`,
    );
    const listed = annie('remote:list', 'lab').stdout;
    expect(listed).toContain('automatic rollback off');
    expect(listed).toMatch(/auto-rollback-off\toperator:\S+\tload failures are reported only/);
    expect(listed).toMatch(/token-revoke\toperator:\S+\tdeploy token lab-ci \([0-9a-f]{8}\) revoked/);
    expect(annie('remote:token', 'list', 'lab').stdout).toMatch(/lab-ci\trevoked .*\tlast used never/);
  });

  it('approve shows what a token version changes; list escapes reports; a pruned number is never reused', async () => {
    await publishRelease(
      app.pool,
      {
        remote: 'knowledge',
        version: '1.0.0',
        publishedBy: 'test',
        storage: 'database',
        files: testBuild('knowledge'),
      },
      publishHostOf(app.config),
    );
    expect(annie('remote:activate', 'knowledge', '1.0.0').status).toBe(0);
    const next = [...testBuild('knowledge', { text: 'next' }), { path: 'x.js', content: Buffer.from('12') }];
    await publishRelease(
      app.pool,
      {
        remote: 'knowledge',
        version: '1.1.0',
        publishedBy: 'token:ci (1234abcd)',
        byToken: true,
        storage: 'database',
        files: next,
      },
      publishHostOf(app.config),
    );
    const approved = annie('remote:approve', 'knowledge', '1.1.0');
    expect(approved.stderr).toBe('');
    expect(approved.stdout).toContain('knowledge 1.1.0, published');
    expect(approved.stdout).toContain('by token:ci (1234abcd); against 1.0.0:');
    expect(approved.stdout).toContain('  + x.js\t2 B');
    expect(approved.stdout).toContain('  ~ remoteEntry.js\t15 B → 10 B');
    expect(approved.stdout).toContain("knowledge 1.1.0 approved: it may now reach every tenant's users");
    expect(annie('remote:approve', 'knowledge', '1.1.0').stderr).toContain('already approved');

    await app.pool.query(
      "insert into remote_load_error (remote, version, user_id, message) values ('knowledge', '1.1.0', 'u', $1)",
      ['boom \u001b]8;;https://evil.example\u0007click\u001b[2J'],
    );
    const listed = annie('remote:list', 'knowledge').stdout;
    expect(listed).not.toContain('\u001b');
    expect(listed).toContain('boom \\x1b]8;;https://evil.example\\x07click\\x1b[2J');

    expect(annie('remote:delete', 'knowledge', '1.1.0').status).toBe(0);
    const again = annie('remote:publish', 'knowledge', writeBuild(next), '--version', '1.1.0');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('a version number is never reused');
  });

  it("user:create needs --tenant once a second tenant exists, so nobody lands in the operator's by default", async () => {
    await app.createUser({ tenantId: 'default' });
    await app.createUser({ tenantId: 'customer-a' });
    const careless = annie(
      'user:create',
      '--username',
      'careless',
      '--password',
      'careless-pass-1',
      '--admin',
    );
    expect(careless.status).toBe(1);
    expect(careless.stderr).toContain('say which one the user belongs to with --tenant T');
    const told = annie(
      'user:create',
      '--username',
      'careful',
      '--password',
      'careful-pass-1',
      '--tenant',
      'customer-a',
    );
    expect(told.stdout).toContain('Created user careful in tenant customer-a');
  });
});
