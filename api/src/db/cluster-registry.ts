import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BackupToolError } from './backup.ts';
import { ownerFile } from './cluster-owner.ts';
import { SYSTEM_ROOT } from './embedded-layout.ts';
import { processesInCluster, runningServer } from './embedded-server-check.ts';

/** Where root-mode clusters live, one folder per data folder (named by a hash of its path). */
export const CLUSTERS_DIR = join(SYSTEM_ROOT, 'clusters');

/** A root-mode cluster as `db:clusters list` shows it. */
export type ClusterEntry = {
  id: string;
  clusterDir: string;
  /** The data folder it belongs to, when recorded (clusters made before the record have none). */
  dataDir?: string;
  dataDirExists: boolean;
  /** The server's pid, or of processes still working in it, when it runs. */
  runningPids: number[];
  bytes: number;
};

async function sizeOf(path: string): Promise<number> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of await readdir(path).catch(() => [])) total += await sizeOf(join(path, name));
  return total;
}

async function entryOf(id: string): Promise<ClusterEntry> {
  const clusterDir = join(CLUSTERS_DIR, id);
  const owner = await readFile(ownerFile(clusterDir), 'utf8')
    .then((text) => (JSON.parse(text) as { dataDir?: string }).dataDir)
    .catch(() => undefined);
  const { uid, gid } = await stat(clusterDir);
  const layout = { binDir: '', clusterDir, runAs: { uid, gid } };
  const server = runningServer(layout);
  return {
    id,
    clusterDir,
    ...(owner ? { dataDir: owner } : {}),
    dataDirExists: owner !== undefined && existsSync(owner),
    runningPids: server ? [server.pid] : processesInCluster(layout),
    bytes: await sizeOf(clusterDir),
  };
}

/** Every root-mode cluster on this machine. */
export async function listClusters(): Promise<ClusterEntry[]> {
  if (!existsSync(CLUSTERS_DIR)) return [];
  const entries: ClusterEntry[] = [];
  for (const name of (await readdir(CLUSTERS_DIR)).sort()) {
    if (!/^[0-9a-f]{16}$/.test(name)) continue;
    if (!(await stat(join(CLUSTERS_DIR, name))).isDirectory()) continue;
    entries.push(await entryOf(name));
  }
  return entries;
}

/**
 * Deletes a root-mode cluster (its database files, for good): refused while it runs, and while the data
 * folder it belongs to still exists (that clone would lose its database).
 */
export async function removeCluster(id: string): Promise<ClusterEntry> {
  if (!/^[0-9a-f]{16}$/.test(id) || !existsSync(join(CLUSTERS_DIR, id))) {
    throw new BackupToolError(`No cluster ${id} in ${CLUSTERS_DIR} (see db:clusters list)`);
  }
  const entry = await entryOf(id);
  if (entry.runningPids.length > 0) {
    throw new BackupToolError(
      `Cluster ${id} is running (pid ${entry.runningPids.join(', ')}): stop the AnnieAI of ${entry.dataDir ?? 'its data folder'} first`,
    );
  }
  if (entry.dataDirExists) {
    throw new BackupToolError(
      `Cluster ${id} is the database of ${entry.dataDir}, which still exists: delete that data folder first (back it up with db:backup if you need it)`,
    );
  }
  await rm(entry.clusterDir, { recursive: true, force: true });
  await rm(ownerFile(entry.clusterDir), { force: true });
  return entry;
}

function sizeText(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

/** `db:clusters list` and `db:clusters remove ID`: the lines to print. */
export async function clustersCommand(args: string[]): Promise<string[]> {
  const [action, id] = args;
  if (action === 'remove' && id && args.length === 2) {
    const removed = await removeCluster(id);
    return [`Removed cluster ${id} (${sizeText(removed.bytes)}) from ${removed.clusterDir}`];
  }
  if (action !== 'list' || args.length !== 1) {
    throw new BackupToolError('db:clusters needs list, or remove ID');
  }
  const clusters = await listClusters();
  if (clusters.length === 0) return [`No root-mode clusters in ${CLUSTERS_DIR}`];
  return clusters.map((cluster) =>
    [
      cluster.id,
      sizeText(cluster.bytes),
      cluster.runningPids.length > 0 ? `running (pid ${cluster.runningPids.join(', ')})` : 'stopped',
      cluster.dataDir
        ? `${cluster.dataDir}${cluster.dataDirExists ? '' : ` (gone: remove it with db:clusters remove ${cluster.id})`}`
        : 'data folder not recorded',
    ].join('\t'),
  );
}
