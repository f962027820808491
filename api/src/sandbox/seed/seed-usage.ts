import { databaseNow } from '../../db/database-clock.ts';
import type { Pool } from '../../db/pool.ts';
import { recordUsageEntryOnce, type UsageEntry } from '../../modules/usage/index.ts';
import { seedUuid } from './seed-ids.ts';

type Owner = { tenantId: string; userId: string };

/** A day's sample usage: calls (channel, seconds, USD) and texts, `daysAgo` before today. */
const SAMPLE_DAYS: { daysAgo: number; calls: [UsageEntry['channel'], number, number][]; texts: number }[] = [
  { daysAgo: 0, calls: [['twilio', 185, 0.41]], texts: 1 },
  {
    daysAgo: 1,
    calls: [
      ['webrtc', 95, 0.22],
      ['twilio', 320, 0.68],
    ],
    texts: 2,
  },
  { daysAgo: 2, calls: [['twilio', 60, 0.15]], texts: 0 },
  {
    daysAgo: 3,
    calls: [
      ['webrtc', 240, 0.5],
      ['webrtc', 130, 0.3],
      ['twilio', 75, 0.17],
    ],
    texts: 1,
  },
];

/**
 * A few days of sample usage in the ledger (the Usage screen's charts and table), each entry once: its
 * source id is derived from the sample. Only days of the current month (UTC), dated by the database's
 * clock as the ledger's other entries are; answers how many entries were new.
 */
export async function seedUsage(pool: Pool, owner: Owner): Promise<number> {
  const now = await databaseNow(pool);
  const dayOfMonth = now.getUTCDate();
  const entries: UsageEntry[] = [];
  for (const sample of SAMPLE_DAYS.filter((day) => day.daysAgo < dayOfMonth)) {
    const at = new Date(now.getTime() - sample.daysAgo * 86_400_000);
    for (const [index, [channel, seconds, costUsd]] of sample.calls.entries())
      entries.push({
        userId: owner.userId,
        channel,
        kind: 'call',
        sourceId: seedUuid(owner.tenantId, `usage:${sample.daysAgo}:call:${index}`),
        at,
        seconds,
        segments: 0,
        tokens: Math.round(seconds * 40),
        costUsd,
      });
    for (let index = 0; index < sample.texts; index += 1)
      entries.push({
        userId: null,
        channel: 'sms',
        kind: 'text',
        sourceId: seedUuid(owner.tenantId, `usage:${sample.daysAgo}:text:${index}`),
        at,
        seconds: 0,
        segments: 1,
        tokens: 0,
        costUsd: 0.0079,
      });
  }
  let added = 0;
  for (const entry of entries) if (await recordUsageEntryOnce(pool, owner.tenantId, entry)) added += 1;
  return added;
}
