import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);

// `pgbackrest info --output=json`: one entry per stanza, its backups oldest first (times in epoch seconds).
const infoSchema = z.array(
  z.object({
    name: z.string(),
    status: z.object({ code: z.number(), message: z.string() }),
    backup: z
      .array(
        z.object({
          label: z.string(),
          type: z.string(),
          timestamp: z.object({ start: z.number(), stop: z.number() }),
          info: z.object({ size: z.number(), repository: z.object({ delta: z.number() }).optional() }),
        }),
      )
      .default([]),
    archive: z.array(z.object({ min: z.string().nullable(), max: z.string().nullable() })).default([]),
  }),
);

/** What pgBackRest knows of a stanza: its status, the newest backup, the WAL range archived. */
export type PgBackRestStanza = {
  ok: boolean;
  message: string;
  last?: { label: string; type: string; at: Date; bytes: number };
  walMax?: string;
};

/**
 * Asks pgBackRest (`pgbackrest info`) about the stanza, reading the repository named in its
 * configuration: the backup tool's own record, not anything in DATA_DIR.
 */
export async function pgBackRestInfo(
  stanza: string,
  options: { config?: string; timeoutMs: number },
): Promise<PgBackRestStanza> {
  const args = [
    ...(options.config ? [`--config=${options.config}`] : []),
    `--stanza=${stanza}`,
    '--output=json',
    '--log-level-console=off',
    'info',
  ];
  const { stdout } = await run('pgbackrest', args, { timeout: options.timeoutMs, maxBuffer: 4 * 1024 ** 2 });
  const entry = infoSchema.parse(JSON.parse(stdout)).find((item) => item.name === stanza);
  if (!entry) return { ok: false, message: `pgBackRest knows no stanza ${stanza}` };
  const newest = entry.backup.at(-1);
  const walMax = entry.archive.at(-1)?.max ?? undefined;
  return {
    ok: entry.status.code === 0,
    message: entry.status.message,
    ...(newest && {
      last: {
        label: newest.label,
        type: newest.type,
        at: new Date(newest.timestamp.stop * 1000),
        bytes: newest.info.repository?.delta ?? newest.info.size,
      },
    }),
    ...(walMax ? { walMax } : {}),
  };
}
