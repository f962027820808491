/**
 * The modules whose silent regressions cost most, each with the source Stryker mutates and the tests
 * that must notice. Tests are listed, not found through the import graph: nearly every API test imports
 * db/scoped-sql or auth, and running them all for each mutant would take days on two cores.
 */
export type MutationModule = { mutate: string[]; tests: string[] };

/** Source files of a folder, without its tests, testing helpers and migrations. */
const sourceOf = (folder: string) => [
  `${folder}/**/*.ts`,
  `!${folder}/**/*.test.ts`,
  `!${folder}/**/testing/**`,
  `!${folder}/**/migrations/**`,
];

export const MUTATION_MODULES: Record<string, MutationModule> = {
  'db/scoped-sql': {
    mutate: ['api/src/db/scoped-sql.ts'],
    tests: ['api/src/db/scoped-sql.test.ts', 'api/src/db/scoped-sql-edges.test.ts'],
  },
  auth: {
    mutate: sourceOf('api/src/modules/auth'),
    tests: ['api/src/modules/auth/*.test.ts'],
  },
  trust: {
    mutate: sourceOf('api/src/modules/trust'),
    tests: ['api/src/modules/trust/*.test.ts'],
  },
  usage: {
    mutate: sourceOf('api/src/modules/usage'),
    tests: [
      'api/src/modules/usage/*.test.ts',
      'api/src/modules/doctor/doctor-budget*.test.ts',
      'api/src/modules/voice/browser-calls/browser-call-budget.test.ts',
      'api/src/modules/voice/typed-calls/typed-call-budget.test.ts',
      'api/src/modules/voice/phone-calls/phone-call-figures.test.ts',
      'api/src/modules/sms/sms-usage.test.ts',
    ],
  },
  backups: {
    mutate: [
      ...sourceOf('api/src/modules/backups'),
      'api/src/db/backup.ts',
      'api/src/db/backup-commands.ts',
      'api/src/db/cluster-archive.ts',
      'api/src/db/cluster-archive-reader.ts',
      'api/src/db/cluster-backup.ts',
      'api/src/db/cluster-online-backup.ts',
    ],
    tests: [
      'api/src/modules/backups/*.test.ts',
      'api/src/db/backup.test.ts',
      'api/src/db/cluster-backup.test.ts',
      'api/src/db/cluster-online-backup-wal-switch.test.ts',
    ],
  },
  'remote-releases': {
    mutate: sourceOf('api/src/modules/remote-releases'),
    tests: ['api/src/modules/remote-releases/**/*.test.ts'],
  },
  figures: {
    mutate: [
      'api/src/modules/voice/bridge/call-figures.ts',
      'api/src/modules/voice/browser-calls/sideband-figures.ts',
    ],
    tests: [
      'api/src/modules/voice/bridge/call-figures.test.ts',
      'api/src/modules/voice/phone-calls/phone-call-figures.test.ts',
      'api/src/modules/voice/phone-calls/phone-call-latency-turn-end.test.ts',
      'api/src/modules/voice/browser-calls/browser-call-figures.test.ts',
      'api/src/modules/voice/browser-calls/sideband-figures.test.ts',
    ],
  },
};
