import type { DoctorReport } from '@annie/contracts/doctor';
import type { AppConfig } from '../../config/env.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { checkBackups } from './check-backups.ts';
import { withBudgetWarnings } from './check-budgets.ts';
import { checkChemistry } from './check-chemistry.ts';
import { checkGoogle } from './check-google.ts';
import { checkOpenAi } from './check-openai.ts';
import { checkPublicUrl } from './check-public-url.ts';
import { checkTwilio } from './check-twilio.ts';

/**
 * Every provider checked live and at once, each within the doctor's timeout. `db` gives the tenants'
 * numbers for the Twilio check (the command opens the database only when Twilio is configured).
 */
export async function runDoctor(config: AppConfig, db?: Queryable): Promise<DoctorReport> {
  const providers = await Promise.all([
    checkOpenAi(config, db),
    checkTwilio(config, db),
    checkGoogle(config),
    checkChemistry(config),
    checkPublicUrl(config),
  ]);
  const backups = await checkBackups(config);
  return {
    checkedAt: new Date().toISOString(),
    healthy: providers.every((provider) => provider.state !== 'failing') && backups?.ok !== false,
    providers: db ? await withBudgetWarnings(providers, db) : providers,
    ...(backups ? { backups } : {}),
  };
}

const STATE_TEXT = { not_configured: 'not configured', answering: 'answering', failing: 'FAILING' } as const;

/** The report as the command prints it: one line per provider, then one per check. */
export function formatDoctorReport(report: DoctorReport): string[] {
  const lines = report.providers.flatMap((provider) => [
    `${provider.label}: ${STATE_TEXT[provider.state]}`,
    ...provider.checks.map((check) => {
      const mark = provider.state === 'not_configured' ? '-  ' : check.ok ? 'ok ' : 'ERR';
      return `  ${mark} ${check.name}: ${check.detail}`;
    }),
  ]);
  if (report.backups) lines.push(`Backups: ${report.backups.ok ? '' : 'FAILING: '}${report.backups.detail}`);
  const configured = report.providers.some((provider) => provider.state !== 'not_configured');
  if (!configured) lines.push('No provider is configured.');
  else
    lines.push(report.healthy ? 'Every configured provider answered.' : 'A configured provider is failing.');
  return lines;
}
