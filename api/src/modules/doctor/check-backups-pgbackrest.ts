import type { DoctorReport } from '@annie/contracts/doctor';
import type { AppConfig } from '../../config/env.ts';
import { pgBackRestInfo } from '../backups/index.ts';
import { DOCTOR_TIMEOUT_MS, errorText } from './doctor-check.ts';

type Backups = NonNullable<DoctorReport['backups']>;

/**
 * With DATABASE_URL: the last backup as pgBackRest records it (its repository, through `pgbackrest
 * info`), failing when there is none, the stanza is not healthy, or the newest is older than `staleMs`.
 */
export async function checkPgBackRest(
  config: Pick<AppConfig, 'PGBACKREST_STANZA' | 'PGBACKREST_CONFIG'>,
  staleMs: number,
  now: Date,
): Promise<Backups> {
  const none = { lastAt: null, bytes: null };
  const stanza = config.PGBACKREST_STANZA;
  if (!stanza) {
    return {
      ok: false,
      ...none,
      detail:
        'no backup tool is configured for DATABASE_URL: set PGBACKREST_STANZA (docs/deployment.md "Backups")',
    };
  }
  let info: Awaited<ReturnType<typeof pgBackRestInfo>>;
  try {
    info = await pgBackRestInfo(stanza, {
      ...(config.PGBACKREST_CONFIG ? { config: config.PGBACKREST_CONFIG } : {}),
      timeoutMs: DOCTOR_TIMEOUT_MS,
    });
  } catch (error) {
    return { ok: false, ...none, detail: `pgbackrest info failed: ${errorText(error)}` };
  }
  const last = info.last && { lastAt: info.last.at.toISOString(), bytes: info.last.bytes };
  if (!info.last) return { ok: false, ...none, detail: `pgBackRest stanza ${stanza}: ${info.message}` };
  const detail =
    `last ${info.last.type} backup ${info.last.at.toISOString()} (${info.last.label}), ` +
    `WAL archived up to ${info.walMax ?? 'nothing yet'}, stanza ${stanza}`;
  if (!info.ok) return { ok: false, ...(last ?? none), detail: `${info.message}: ${detail}` };
  if (now.getTime() - info.last.at.getTime() > staleMs) {
    return { ok: false, ...(last ?? none), detail: `none for more than a day: ${detail}` };
  }
  return { ok: true, ...(last ?? none), detail };
}
