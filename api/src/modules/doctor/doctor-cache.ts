import type { DoctorReport } from '@annie/contracts/doctor';

/** How long admins see the same report before the providers are asked again. */
export const DOCTOR_CACHE_MS = 5 * 60_000;

/**
 * The last report, kept for DOCTOR_CACHE_MS; one run at a time however many admins ask (each run calls
 * every provider, some of them paid per request).
 */
export class DoctorCache {
  #report: { at: number; value: Promise<DoctorReport> } | null = null;
  readonly #run: () => Promise<DoctorReport>;
  readonly #now: () => number;

  constructor(run: () => Promise<DoctorReport>, now: () => number = Date.now) {
    this.#run = run;
    this.#now = now;
  }

  get(refresh = false): Promise<DoctorReport> {
    const cached = this.#report;
    if (cached && !refresh && this.#now() - cached.at < DOCTOR_CACHE_MS) return cached.value;
    const value = this.#run();
    this.#report = { at: this.#now(), value };
    // A run that threw is not kept: the next request tries again.
    value.catch(() => {
      if (this.#report?.value === value) this.#report = null;
    });
    return value;
  }
}

/** The report as one tenant's admin sees it: other tenants' checks left out, states recomputed. */
export function reportForTenant(report: DoctorReport, tenantId: string): DoctorReport {
  const providers = report.providers.map((provider) => {
    const checks = provider.checks
      .filter((check) => check.tenantId === undefined || check.tenantId === tenantId)
      .map(({ tenantId: _owner, ...check }) => check);
    if (provider.state === 'not_configured') return { ...provider, checks };
    const state = checks.every((check) => check.ok) ? ('answering' as const) : ('failing' as const);
    return { ...provider, state, checks };
  });
  return { ...report, providers, healthy: providers.every((provider) => provider.state !== 'failing') };
}
