import { writeFile } from 'node:fs/promises';

/** The file beside a root-mode cluster that names the data folder it belongs to. */
export const ownerFile = (clusterDir: string) => `${clusterDir}.owner.json`;

/** Notes which data folder a root-mode cluster belongs to, so that it can be listed and removed later. */
export async function recordClusterOwner(clusterDir: string, dataDir: string): Promise<void> {
  await writeFile(ownerFile(clusterDir), `${JSON.stringify({ dataDir })}\n`, { mode: 0o644 });
}
