import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../runtime.ts';
import './app-metrics.ts';
import { registry } from './metrics.ts';

const run = promisify(execFile);
const folder = join(REPO_ROOT, 'deploy/observability');
const ALERTS = join(folder, 'alerts.yml');

/** The metric names a PromQL text uses (annie's and Node's), histogram suffixes taken off. */
function metricsUsed(text: string): Set<string> {
  const names = text.match(/\b(?:annie|nodejs|process)_[a-z0-9_]+/g) ?? [];
  return new Set(names.map((name) => name.replace(/_(bucket|count|sum)$/, '')));
}

describe('deploy/observability', () => {
  it('the alert rules pass promtool check rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', ALERTS]);
    expect(stdout).toContain('SUCCESS: 8 rules found');
  });

  it('the alerts and the dashboard query only metrics the API serves', async () => {
    const served = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
    const dashboard = JSON.parse(await readFile(join(folder, 'annie-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queries = [
      await readFile(ALERTS, 'utf8'),
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ].join('\n');
    const used = [...metricsUsed(queries)];
    expect(used.length).toBeGreaterThan(15);
    expect(used.filter((name) => !served.has(name))).toEqual([]);
  });
});
