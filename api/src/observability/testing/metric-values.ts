import { registry } from '../metrics.ts';

type Labels = Record<string, string>;

/** The sum of a metric's samples (`sample`: e.g. a histogram's `_count`) whose labels include `labels`. */
export async function metricValue(name: string, labels: Labels = {}, sample = name): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return values
    .filter((value) => ((value as { metricName?: string }).metricName ?? name) === sample)
    .filter((value) => Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted))
    .reduce((total, value) => total + value.value, 0);
}

/** Every label value in a Prometheus text exposition. */
export function labelValues(text: string): string[] {
  const values: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || !line.includes('{')) continue;
    const inside = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
    for (const match of inside.matchAll(/[a-zA-Z_]\w*="((?:[^"\\]|\\.)*)"/g)) values.push(match[1] ?? '');
  }
  return values;
}
