/** The lab remote's routes; the shell hands it everything under /lab. */
export const LAB_PATHS = {
  console: '/lab/console',
  newJob: '/lab/jobs/new',
  job: (id: string) => `/lab/jobs/${encodeURIComponent(id)}`,
} as const;
