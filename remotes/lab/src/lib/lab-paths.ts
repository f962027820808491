import type { LabJobType } from '@annie/contracts/lab';

/** The lab remote's routes; the shell hands it everything under /lab. */
export const LAB_PATHS = {
  console: '/lab/console',
  newJob: '/lab/jobs/new',
  /** The new-job form opened on one job type. */
  newJobOfType: (type: LabJobType) => `/lab/jobs/new?type=${type}`,
  job: (id: string) => `/lab/jobs/${encodeURIComponent(id)}`,
} as const;
