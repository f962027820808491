// Seed data of the knowledge benchmark: facts and notes with realistic keys, values and text, from a
// seeded generator so every run measures the same data.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';

const WORDS = `revenue forecast quarter budget supplier contract board meeting investor pitch launch
  partner pricing margin hiring travel flight hotel dinner lunch wine burgundy rioja champagne client
  account invoice payment renewal compliance audit regulation safety label organic extract botanical
  formula fragrance lavender rosemary citrus shipment warehouse logistics inventory retail wholesale
  marketing campaign newsletter podcast interview press release award charity gala golf tennis sailing
  london paris geneva milan tokyo singapore newyork boston dallas chicago assistant calendar schedule
  preference allergy coffee tea breakfast gym physician dentist school family birthday anniversary gift
  flowers chocolate restaurant reservation table window aisle seat lounge membership loyalty points
  upgrade visa passport insurance policy claim lawyer accountant tax filing deadline report summary
  strategy roadmap milestone product feature release customer feedback survey churn growth expansion`
  .split(/\s+/)
  .filter(Boolean);
const SOURCES = ['auwagenics', 'natural_house', 'other'];

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// A vocabulary with a natural (Zipf) spread: the business words above mixed at random ranks among
// 3,000 made-up words, so a few words are in a quarter of the notes and most are rare, as in real text.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'tas',
  'vo',
  'qui',
  'zel',
  'dor',
  'pan',
  'sti',
  'mur',
  'bel',
  'gan',
];
function vocabulary(random: () => number): () => string {
  const made = new Set<string>();
  while (made.size < 3_000) {
    const length = 2 + Math.floor(random() * 3);
    made.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)] ?? '').join(''));
  }
  const all = [...WORDS, ...made];
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j] as string, all[i] as string];
  }
  let total = 0;
  const cumulative = all.map((_, rank) => {
    total += 1 / (rank + 1);
    return total;
  });
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return all[low] as string;
  };
}

export interface SeedFact {
  id: string;
  key: string;
  valueText: string;
  unit: string | null;
  source: string;
  createdAt: string;
}

export interface SeedNote {
  id: string;
  title: string;
  body: string;
  tags: string;
  source: string;
  createdAt: string;
}

export interface SeedRows {
  tenantId: string;
  facts: SeedFact[];
  notes: SeedNote[];
}

/** `rowsPerTenant` facts and notes of one tenant, the same for the same seed. */
export function seedRows(tenantId: string, seed: number, rowsPerTenant: number): SeedRows {
  const random = prng(seed);
  const pick = vocabulary(random);
  const words = (n: number) => Array.from({ length: n }, pick).join(' ');
  const base = Date.parse('2025-01-01T00:00:00Z');
  const facts: SeedFact[] = [];
  const notes: SeedNote[] = [];
  for (let i = 0; i < rowsPerTenant; i += 1) {
    const kind = i % 4;
    const value =
      kind === 0
        ? Math.round(random() * 1e7) / 100
        : kind === 1
          ? words(3)
          : kind === 2
            ? { [pick()]: Math.round(random() * 1000), [pick()]: words(2), approved: random() > 0.5 }
            : [pick(), pick(), Math.round(random() * 100)];
    facts.push({
      id: randomUUID(),
      key: `${pick()}_${pick()}_${i}`,
      valueText: JSON.stringify(value),
      unit: kind === 0 ? (['USD', 'EUR', 'kg', '%'][i % 4] ?? null) : null,
      source: SOURCES[i % 3] as string,
      createdAt: new Date(base + i * 60_000).toISOString(),
    });
    notes.push({
      id: randomUUID(),
      title: words(3 + (i % 4)),
      body: `${words(25 + Math.floor(random() * 50))}.`,
      tags: words(1 + (i % 3))
        .split(' ')
        .join(','),
      source: SOURCES[(i + 1) % 3] as string,
      createdAt: new Date(base + i * 60_000 + 30_000).toISOString(),
    });
  }
  return { tenantId, facts, notes };
}

/** Inserts the rows in batches with plain SQL (facts, their first versions, notes). */
export async function seed(db: pg.Client, { tenantId, facts, notes }: SeedRows): Promise<void> {
  const BATCH = 2_000;
  for (let start = 0; start < facts.length; start += BATCH) {
    const batch = facts.slice(start, start + BATCH);
    const columns = [
      batch.map((f) => f.id),
      batch.map((f) => f.key),
      batch.map((f) => f.valueText),
      batch.map((f) => f.unit),
      batch.map((f) => f.source),
      batch.map((f) => f.createdAt),
    ];
    await db.query(
      `insert into knowledge_fact (id, tenant_id, key, value_text, unit, version, source, created_at)
       select id, $1, key, value_text, unit, 1, source, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         as t(id, key, value_text, unit, source, created_at)`,
      [tenantId, ...columns],
    );
    await db.query(
      `insert into knowledge_fact_version (id, fact_id, tenant_id, version, value_text, unit, created_at)
       select gen_random_uuid(), id, $1, 1, value_text, unit, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) as t(id, value_text, unit, created_at)`,
      [tenantId, columns[0], columns[2], columns[3], columns[5]],
    );
  }
  for (let start = 0; start < notes.length; start += BATCH) {
    const batch = notes.slice(start, start + BATCH);
    await db.query(
      `insert into knowledge_note (id, tenant_id, title, body, tags, source, created_at, updated_at)
       select id, $1, title, body, string_to_array(tags, ','), source, created_at, created_at
       from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         as t(id, title, body, tags, source, created_at)`,
      [
        tenantId,
        batch.map((n) => n.id),
        batch.map((n) => n.title),
        batch.map((n) => n.body),
        batch.map((n) => n.tags),
        batch.map((n) => n.source),
        batch.map((n) => n.createdAt),
      ],
    );
  }
}
