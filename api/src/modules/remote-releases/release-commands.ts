import { readdir, readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join, relative, sep } from 'node:path';
import { releaseVersionSchema } from '@annie/contracts/remote-releases';
import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import { fetchHostedBuild } from './hosted-build.ts';
import { listReleases } from './release.queries.ts';
import { activateRelease, publishRelease, rollbackRelease, type UploadedFile } from './release.service.ts';
import { applyRetention } from './release-retention.ts';
import { publishHostOf } from './remote-releases.module.ts';

const AUDIT_SHOWN = 15;

/** Who the audit log names for an operator command: the machine account that ran it. */
export const operatorActor = () => `operator:${userInfo().username}`;

export function remoteNameOf(value: string | undefined): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => name === value);
}

export function versionProblem(version: string | undefined): string | undefined {
  if (!version) return 'needs --version V';
  const parsed = releaseVersionSchema.safeParse(version);
  return parsed.success ? undefined : `cannot use version ${version}: ${parsed.error.issues[0]?.message}`;
}

/** Every file of a build folder (source maps left out: never public), with paths relative to it. */
async function readBuild(dir: string): Promise<UploadedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: UploadedFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.map')) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: relative(dir, full).split(sep).join('/'), content: await readFile(full) });
  }
  return files;
}

export async function publishCommand(
  pool: Pool,
  config: AppConfig,
  input: { remote: RemoteName; version: string; dist?: string; url?: string },
): Promise<string[]> {
  const publishedBy = operatorActor();
  const host = publishHostOf(config);
  if (input.url) {
    const hosted = await fetchHostedBuild(input.url, {
      maxBytes: config.RELEASE_UPLOAD_MAX_BYTES,
      privateOrigins: config.RELEASE_URL_TEST_ORIGINS,
    });
    await publishRelease(pool, { ...input, url: input.url, publishedBy, storage: 'url', ...hosted }, host);
    const pruned = await applyRetention(pool, config, input.remote);
    return [
      ...pruned,
      `Published ${input.remote} ${input.version} (hosted at ${input.url}); not active: remote:activate ${input.remote} ${input.version}`,
    ];
  }
  const files = await readBuild(input.dist ?? '');
  const { created } = await publishRelease(pool, { ...input, publishedBy, storage: 'database', files }, host);
  if (!created)
    return [`${input.remote} ${input.version} is already published with this content: nothing changed`];
  const pruned = await applyRetention(pool, config, input.remote);
  return [
    ...pruned,
    `Published ${input.remote} ${input.version}: ${files.length} files, served at /remotes/${input.remote}/${input.version}/; not active: remote:activate ${input.remote} ${input.version}`,
  ];
}

// A browser's report (or a token's name) reaches the operator's terminal: no escape sequence goes through.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const printable = (text: string) =>
  text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);

export async function listCommand(pool: Pool, config: AppConfig, remote?: RemoteName): Promise<string[]> {
  const { remotes, audit, reports } = await listReleases(pool, config.remotes, remote);
  const lines: string[] = [];
  for (const state of remotes) {
    const canary = state.canary ? `, canary ${state.canary.version} at ${state.canary.percent}%` : '';
    const override = state.override
      ? ` (REMOTE_${state.remote.toUpperCase()}_ENTRY overrides: ${state.override})`
      : '';
    lines.push(
      `${state.remote}: active ${state.active ?? 'local (the deployed build)'}${canary}${override}; automatic rollback ${state.autoRollback ? 'on' : 'off'}${state.tokenApproves ? '; deploy tokens approve their own versions' : ''}`,
    );
    for (const release of state.releases) {
      const marks = [
        release.version === state.active ? 'active' : '',
        release.version === state.canary?.version ? `canary ${state.canary.percent}%` : '',
        release.approvedBy === null
          ? `operator's tenant only until approved (remote:approve ${state.remote} ${release.version})`
          : '',
      ].filter(Boolean);
      lines.push(
        `  ${release.version}\t${release.publishedAt}\t${printable(release.publishedBy)}\t${release.storage}\tserved to ${release.servedUsers} users, ${release.loadErrors} load errors${marks.length ? `\t[${marks.join(', ')}]` : ''}`,
      );
    }
  }
  const recentReports = reports.slice(0, AUDIT_SHOWN);
  if (recentReports.length > 0)
    lines.push(`Load failures reported (newest first, last ${recentReports.length}):`);
  for (const report of recentReports)
    lines.push(
      `  ${report.at}\t${report.remote} ${report.version}\t${report.counted ? 'counted' : 'not counted'}\t${printable(report.message) || '-'}`,
    );
  // The latest changes, with why (an automatic rollback says how many users failed, of how many).
  const recent = audit.slice(0, AUDIT_SHOWN);
  if (recent.length > 0) lines.push(`Audit log (newest first, last ${recent.length}):`);
  for (const entry of recent)
    lines.push(
      `  ${entry.at}\t${entry.remote}\t${entry.action}${entry.version ? ` ${entry.version}` : ''}\t${printable(entry.actor)}\t${printable(entry.detail)}`,
    );
  return lines;
}

export async function activateCommand(
  pool: Pool,
  input: { remote: RemoteName; version: string; percent?: number },
): Promise<string[]> {
  await activateRelease(pool, { ...input, actor: operatorActor() });
  return input.percent && input.percent < 100
    ? [`${input.remote} ${input.version} is the canary for ${input.percent}% of users`]
    : [`${input.remote} ${input.version} is active for everyone`];
}

export async function rollbackCommand(pool: Pool, remote: RemoteName): Promise<string[]> {
  const done = await rollbackRelease(pool, { remote, actor: operatorActor() });
  return [
    `${remote}: ${done?.rolledBack} rolled back; everyone gets ${done?.active ?? 'the deployed build'}`,
  ];
}
